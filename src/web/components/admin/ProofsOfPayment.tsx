import { ExternalLink } from 'lucide-react';
import { formatDateTime } from './order-format';
import { formatFileSize, type ProofOfPayment } from '../../../shared/proof-of-payment';

/** Where the desk opens one proof: admins only, never cached (a picture shows in the tab, a PDF is saved). */
const proofUrl = (orderId: string, proofId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/proofs/${encodeURIComponent(proofId)}`;

/** The proofs of payment the buyer sent for a bank transfer, each opened in a new tab. */
export function ProofsOfPayment({ orderId, proofs }: { orderId: string; proofs: ProofOfPayment[] }) {
  if (proofs.length === 0) return <p className="text-sm text-slate-600">None sent yet.</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200 text-sm" data-testid="proofs-of-payment">
        {proofs.map((proof) => (
          <li key={proof.id} className="flex flex-wrap items-center justify-between gap-x-4 py-1">
            <a
              href={proofUrl(orderId, proof.id)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 min-w-0 items-center gap-1.5 font-semibold break-all text-brand-700 underline hover:text-brand-800"
            >
              Open {proof.fileName} ({formatFileSize(proof.sizeBytes)})
              <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">, opens in a new tab</span>
            </a>
            <time dateTime={proof.uploadedAt} className="text-slate-600">
              {formatDateTime(proof.uploadedAt)}
            </time>
          </li>
        ))}
      </ul>
      {/* A proof can be forged: the money in the bank account is what counts. */}
      <p className="mt-2 text-sm text-slate-600">Mark the order paid once the money reflects in the bank account, not on a proof alone.</p>
    </>
  );
}
