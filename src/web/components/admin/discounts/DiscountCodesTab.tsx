import { useState } from 'react';
import { Plus, Power, PowerOff } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { useMediaQuery } from '../../../lib/use-media-query';
import { Button } from '../../ui/Button';
import { QueryState } from '../../ui/QueryState';
import { TABLE_QUERY } from '../OrderList';
import { Fact, FactList } from '../OrderParts';
import { TabHeading } from '../TabHeading';
import { toneClasses } from '../order-format';
import { codeStates, discountLimits, usesText } from './discount-format';
import { NewDiscountCodeDialog } from './NewDiscountCodeDialog';
import { useDiscountCodes, useSwitchDiscountCode } from './use-discount-codes';
import { formatRand } from '../../../../shared/money';
import { todayInSouthAfrica } from '../../../../shared/profile';
import { discountOffText, type DiscountCodeView } from '../../../../shared/discounts';

function States({ code, today }: { code: DiscountCodeView; today: string }) {
  return (
    <span className="flex flex-wrap gap-1.5" data-testid="code-state">
      {codeStates(code, today).map((state) => (
        <span key={state.label} className={cn('rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', toneClasses[state.tone])}>
          {state.label}
        </span>
      ))}
    </span>
  );
}

function Limits({ code }: { code: DiscountCodeView }) {
  return (
    <ul className="space-y-0.5" data-testid="code-limits">
      {discountLimits(code).map((limit) => (
        <li key={limit}>{limit}</li>
      ))}
    </ul>
  );
}

function SwitchButton({ code }: { code: DiscountCodeView }) {
  const change = useSwitchDiscountCode();
  const busy = change.isPending;
  const Icon = code.active ? PowerOff : Power;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`${code.active ? 'Switch off' : 'Switch on'} ${code.code}`}
      // Not disabled while sending: the button keeps the focus, and the label changes once the list is back.
      aria-disabled={busy || undefined}
      className="whitespace-nowrap aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
      onClick={() => {
        if (!busy) change.mutate({ id: code.id, active: !code.active, code: code.code });
      }}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
      {code.active ? 'Switch off' : 'Switch on'}
    </Button>
  );
}

const head = 'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase';
const cell = 'px-3 py-2.5 align-top';
/** The table's columns; figures line up on the right. */
const headings = [
  { name: 'Code' },
  { name: 'Takes off' },
  { name: 'Limits' },
  { name: 'State' },
  { name: 'Uses', right: true },
  { name: 'Orders', right: true },
  { name: 'Revenue', right: true },
];

function CodeTable({ codes, today }: { codes: DiscountCodeView[]; today: string }) {
  return (
    // Relative: the screen-reader-only heading of the last column stays inside the scrolling box.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm">
        <caption className="sr-only">Discount codes</caption>
        <thead className="bg-slate-50">
          <tr>
            {headings.map(({ name, right }) => (
              <th key={name} scope="col" className={cn(head, right && 'text-right')}>
                {name}
              </th>
            ))}
            <th scope="col" className={head}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {codes.map((code) => (
            <tr key={code.id} data-testid="discount-code" data-code={code.code}>
              <th scope="row" className={cn(cell, 'text-left font-semibold whitespace-nowrap text-slate-900')}>
                {code.code}
              </th>
              <td className={cell}>{discountOffText(code)}</td>
              <td className={cn(cell, 'text-slate-700')}>
                <Limits code={code} />
              </td>
              <td className={cell}>
                <States code={code} today={today} />
              </td>
              <td className={cn(cell, 'text-right whitespace-nowrap tabular-nums')} data-testid="code-uses">
                {usesText(code)}
              </td>
              <td className={cn(cell, 'text-right tabular-nums')} data-testid="code-orders">
                {code.orders}
              </td>
              <td className={cn(cell, 'text-right whitespace-nowrap tabular-nums')} data-testid="code-revenue">
                {formatRand(code.revenueCents)}
              </td>
              <td className={cn(cell, 'text-right')}>
                <SwitchButton code={code} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CodeCard({ code, today }: { code: DiscountCodeView; today: string }) {
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid="discount-code" data-code={code.code}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1.5">
          <h3 className="font-semibold break-all text-slate-900">{code.code}</h3>
          <p className="text-sm text-slate-800">{discountOffText(code)}</p>
          <States code={code} today={today} />
        </div>
        <SwitchButton code={code} />
      </div>
      <FactList className="grid-cols-3 sm:grid-cols-3">
        <Fact label="Uses" testId="code-uses">
          {usesText(code)}
        </Fact>
        <Fact label="Orders" testId="code-orders">
          {code.orders}
        </Fact>
        <Fact label="Revenue" testId="code-revenue">
          {formatRand(code.revenueCents)}
        </Fact>
      </FactList>
      <FactList className="sm:grid-cols-1">
        <Fact label="Limits">
          <Limits code={code} />
        </Fact>
      </FactList>
    </li>
  );
}

/** The discount codes shoppers type at checkout: what each takes off, its limits, how it has done; add one, switch one off. */
export function DiscountCodesTab() {
  const codes = useDiscountCodes();
  const [adding, setAdding] = useState(false);
  const asTable = useMediaQuery(TABLE_QUERY);
  // First and last days are South African days, as at checkout, whatever the browser's own time zone.
  const today = todayInSouthAfrica();

  return (
    <section aria-labelledby="discounts-heading" className="space-y-4">
      <TabHeading
        id="discounts-heading"
        title="Discount codes"
        description="Codes shoppers type at checkout for money off. Uses count open checkouts and paid orders; revenue is what the paid orders came to."
        action={
          <Button onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            New code
          </Button>
        }
      />
      <QueryState
        query={codes}
        loading={{ label: 'Loading discount codes', skeletons: ['h-24 w-full', 'h-24 w-full'] }}
        error={{ message: 'Failed to load the discount codes' }}
        empty={{ when: (list) => list.length === 0, show: 'No discount codes yet. Add one with New code.' }}
      >
        {(list) =>
          asTable ? (
            <CodeTable codes={list} today={today} />
          ) : (
            <ul className="space-y-3" aria-label="Discount codes">
              {list.map((code) => (
                <CodeCard key={code.id} code={code} today={today} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <NewDiscountCodeDialog open={adding} onOpenChange={setAdding} />
    </section>
  );
}
