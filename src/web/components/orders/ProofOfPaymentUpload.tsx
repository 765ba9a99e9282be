import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { ApiError, messageOf } from '../../lib/api';
import { InfoCard } from '../ui/InfoCard';
import type { Answer } from '../../../shared/api/contract';
import {
  formatFileSize,
  MAX_PROOF_BYTES,
  MAX_PROOFS_PER_ORDER,
  PROOF_ACCEPT,
  proofMessages,
  proofTypeOf,
  type ProofOfPayment,
  type ProofType,
} from '../../../shared/proof-of-payment';

const TIME_ZONE = 'Africa/Johannesburg';
const day = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });
const time = new Intl.DateTimeFormat('en-ZA', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE });

/** '29 November 2026 at 14:02', in South African time. */
function uploadedWhen(iso: string): string {
  const date = new Date(iso);
  return `${day.format(date)} at ${time.format(date)}`;
}

/**
 * What the file is, read from its first bytes as the server reads them, or the reason it cannot be
 * sent: checked here first, so a wrong file is refused before the buyer waits for 5 MB to go.
 */
async function checkedFile(file: File): Promise<{ type: ProofType } | { problem: string }> {
  if (file.size === 0) return { problem: proofMessages.empty };
  if (file.size > MAX_PROOF_BYTES) return { problem: proofMessages.tooLarge };
  const type = proofTypeOf(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
  return type ? { type } : { problem: proofMessages.wrongType };
}

/**
 * The file is the request body itself, with the type its bytes show (a phone may call a photo
 * image/jpg, or give no type at all); its name rides in the address, beside a link's key if any.
 */
async function sendProof({ url, file, type }: { url: string; file: File; type: ProofType }): Promise<Answer<'uploadProofOfPayment'>> {
  const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': type },
    body: file,
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as Answer<'uploadProofOfPayment'>;
}

interface ProofOfPaymentUploadProps {
  orderNumber: string;
  proofs: ProofOfPayment[];
  /** Where the file goes (orderCalls): My Profile's call, or the order link's, with its key. */
  url: string;
  /** The order's query, read again once a proof is taken. */
  orderQuery: string;
}

/**
 * An order awaiting its bank transfer: the buyer may send the bank's PDF or a photo of the slip
 * (up to MAX_PROOFS_PER_ORDER), and sees what they sent. Only the shop opens the files.
 */
export function ProofOfPaymentUpload({ orderNumber, proofs, url, orderQuery }: ProofOfPaymentUploadProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const upload = useMutation({
    mutationFn: sendProof,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [orderQuery] }),
  });
  // Proofs are only ever added: the longer list is the newer, whether the answer or the order's refreshed read.
  const sent = upload.data && upload.data.proofsOfPayment.length > proofs.length ? upload.data.proofsOfPayment : proofs;
  const full = sent.length >= MAX_PROOFS_PER_ORDER;
  const refusal = problem ?? (upload.isError ? messageOf(upload.error, 'Your proof of payment could not be sent. Please check your connection and try again.') : undefined);
  const progress = upload.isPending ? `Sending ${upload.variables.file.name}...` : upload.isSuccess ? upload.data.message : '';

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    upload.reset();
    const checked = await checkedFile(file);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    upload.mutate(
      { url, file, type: checked.type },
      {
        // The same file may be chosen again (a second try after a refusal): the input must forget it.
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <InfoCard title="Proof of payment" icon={<FileUp className="h-5 w-5 text-brand-700" aria-hidden="true" />} testId="proof-of-payment">
      <p>Paid already? You may send us the PDF from your bank or a photo of the slip: it helps us match your transfer. Only our order desk sees it, and it is kept with your order.</p>
      {sent.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200 text-sm" aria-label="Proofs of payment sent" data-testid="proofs-sent">
          {sent.map((proof) => (
            <li key={proof.id} className="py-2 break-words">
              <span className="font-semibold text-slate-900">{proof.fileName}</span>, {formatFileSize(proof.sizeBytes)}, uploaded{' '}
              <time dateTime={proof.uploadedAt}>{uploadedWhen(proof.uploadedAt)}</time>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="mt-4 text-slate-700">
          You have sent {MAX_PROOFS_PER_ORDER} proofs of payment, the most one order can have. If something is still wrong, please contact us and quote {orderNumber}.
        </p>
      ) : (
        <div className="mt-4">
          <label htmlFor={`${id}-file`} className="block font-semibold text-slate-900">
            Upload proof of payment
          </label>
          <p id={hintId} className="mt-1 text-sm text-slate-600">
            PDF or photo of the slip, up to {formatFileSize(MAX_PROOF_BYTES)}
          </p>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={PROOF_ACCEPT}
            onChange={(event) => void onChoose(event)}
            aria-describedby={refusal ? `${hintId} ${errorId}` : hintId}
            aria-invalid={refusal ? true : undefined}
            // The browser's own file button, styled to a 44 px target that fits a 375 px screen.
            className="mt-2 block min-h-11 w-full max-w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold file:text-slate-900 hover:file:bg-slate-50"
          />
        </div>
      )}
      {/* Always in the page, so that screen readers announce what is put in it. */}
      <div role="status">{progress && <p className="mt-3 text-sm text-slate-700">{progress}</p>}</div>
      {refusal && (
        <p id={errorId} role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
    </InfoCard>
  );
}
