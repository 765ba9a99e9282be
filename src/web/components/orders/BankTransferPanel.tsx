import { useSyncExternalStore, type ReactNode } from 'react';
import { Copy, Landmark } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/Button';
import { InfoCard } from '../ui/InfoCard';
import { toast } from '../ui/toast-store';
import { centsToDecimal, formatRand } from '../../../shared/money';
import type { BankTransferDetails } from '../../../shared/bank-transfer';
import { weekdayInWords } from '../../../shared/profile';

const nothingToFollow = () => () => undefined;

/**
 * Whether this browser lets the page copy (none over plain http, nor some older browsers); false on
 * the server and while hydrating, so the buttons appear only where they work.
 */
function useCanCopy(): boolean {
  return useSyncExternalStore(
    nothingToFollow,
    () => typeof navigator.clipboard?.writeText === 'function',
    () => false,
  );
}

async function copyDetail(label: string, value: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: 'Copied', description: `${label} ${value} is on your clipboard.` });
  } catch {
    toast({ title: 'Could Not Copy', description: `Please copy it by hand: ${value}`, variant: 'destructive' });
  }
}

interface DetailProps {
  label: string;
  value: string;
  /** What the copy button puts on the clipboard, when it differs from what is shown (the amount without 'R'). */
  copied?: string;
  canCopy: boolean;
  /** Numbers and the reference, typed character by character into a banking app. */
  mono?: boolean;
  note?: ReactNode;
}

/** One thing the buyer types into their banking app, with a button that copies it where the browser allows. */
function Detail({ label, value, copied = value, canCopy, mono = false, note }: DetailProps) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className={cn('min-w-0 text-base font-semibold text-slate-900', mono ? 'font-mono break-all' : 'break-words')}>{value}</span>
        {canCopy && (
          <Button variant="outline" size="sm" aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copyDetail(label, copied)}>
            <Copy className="h-4 w-4" aria-hidden="true" /> Copy
          </Button>
        )}
      </dd>
      {note && <dd className="mt-1 text-slate-600">{note}</dd>}
    </div>
  );
}

/** An order awaiting its bank transfer: where to pay, how much, with which reference and by when. */
export function BankTransferPanel({ transfer }: { transfer: BankTransferDetails }) {
  const canCopy = useCanCopy();
  return (
    <InfoCard title="Pay by bank transfer" icon={<Landmark className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="bank-transfer">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        <Detail label="Amount" value={formatRand(transfer.amountCents)} copied={centsToDecimal(transfer.amountCents)} canCopy={canCopy} />
        <Detail label="Bank" value={transfer.bank} canCopy={false} />
        <Detail label="Account name" value={transfer.accountName} canCopy={false} />
        <Detail label="Account number" value={transfer.accountNumber} canCopy={canCopy} mono />
        <Detail label="Branch code" value={transfer.branchCode} canCopy={canCopy} mono />
        <Detail label="Reference" value={transfer.reference} canCopy={canCopy} mono note="Use this reference so that we can match your payment." />
      </dl>
      <p className="mt-4 font-semibold text-slate-900">
        Please pay by <time dateTime={transfer.payBy}>{weekdayInWords(transfer.payBy)}</time>: after that day the order is cancelled and its flags go back on sale.
      </p>
      <p className="mt-2">We send your flags once the money reflects, usually 1 to 2 business days after you pay.</p>
    </InfoCard>
  );
}
