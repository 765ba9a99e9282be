import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProofOfPaymentUpload } from './ProofOfPaymentUpload';
import { orderCalls } from './order-calls';
import { shopper } from '../../testing/shopper-events';
import { MAX_PROOF_BYTES, proofMessages, type ProofOfPayment, type ProofUploaded } from '../../../shared/proof-of-payment';

const PDF_START = '%PDF-1.7\n';
/** A PDF of 120 KB, as a bank's statement of payment might be. */
const slip = () => new File([PDF_START, new Uint8Array(120 * 1024 - PDF_START.length)], 'slip.pdf', { type: 'application/pdf' });
/** Sent at 14:02 on 29 November 2026, South African time. */
const sentSlip: ProofOfPayment = { id: '7f1c2b9e-4d3a-4e5f-8a6b-1c2d3e4f5a6b', fileName: 'slip.pdf', sizeBytes: 120 * 1024, uploadedAt: '2026-11-29T12:02:00.000Z' };

/** The shop's server: every proof taken, or every one refused with `refusal`. */
function serveUploads(refusal?: { status: number; message: string; code: string }) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
    refusal
      ? new Response(JSON.stringify({ message: refusal.message, code: refusal.code }), { status: refusal.status, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ message: proofMessages.uploaded, proofsOfPayment: [sentSlip] } satisfies ProofUploaded), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The upload on the order's page in My Profile, or, with `orderKey`, on its link's page. */
function renderUpload(proofs: ProofOfPayment[] = [], orderKey?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const calls = orderCalls('CF-100042', orderKey);
  render(
    <QueryClientProvider client={client}>
      <ProofOfPaymentUpload orderNumber="CF-100042" proofs={proofs} url={calls.proofOfPayment} orderQuery={calls.order} />
    </QueryClientProvider>,
  );
  return { invalidated };
}

const fileInput = () => screen.getByLabelText('Upload proof of payment') as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the buyer's proof of payment", () => {
  it('is a file input named for screen readers, with what it takes, offering PDFs and pictures', () => {
    renderUpload();
    const input = fileInput();
    expect(input.type).toBe('file');
    expect(input.accept).toBe('application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('PDF or photo of the slip, up to 5 MB');
    expect(screen.queryByRole('list', { name: 'Proofs of payment sent' })).toBeNull();
  });

  it('refuses a file over 5 MB before sending it, in words tied to the input', async () => {
    const fetch = serveUploads();
    renderUpload();
    const user = shopper();
    await user.upload(fileInput(), new File([PDF_START, new Uint8Array(MAX_PROOF_BYTES + 1 - PDF_START.length)], 'scan.pdf', { type: 'application/pdf' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(proofMessages.tooLarge);
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    expect(fileInput().getAttribute('aria-describedby')).toContain(alert.id);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a file that is not the PDF or picture it claims to be, and an empty one, before sending them', async () => {
    const fetch = serveUploads();
    renderUpload();
    const user = shopper();
    await user.upload(fileInput(), new File(['<html>not a slip</html>'], 'slip.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(proofMessages.wrongType);
    await user.upload(fileInput(), new File([], 'slip.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(proofMessages.empty));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a PDF as itself, says so, lists it with its size and time, and refreshes the order', async () => {
    const fetch = serveUploads();
    const { invalidated } = renderUpload();
    const user = shopper();
    const file = slip();
    await user.upload(fileInput(), file);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(proofMessages.uploaded));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/profile/orders/CF-100042/proof-of-payment?name=slip.pdf');
    expect(init).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/pdf' }, body: file });
    const list = screen.getByRole('list', { name: 'Proofs of payment sent' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['slip.pdf, 120 KB, uploaded 29 November 2026 at 14:02']);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['/api/profile/orders/CF-100042'] });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("sends a guest's file to the order link's call, with its key, and refreshes the link's order", async () => {
    const fetch = serveUploads();
    const { invalidated } = renderUpload([], '1798761600.abc_DEF-123');
    await shopper().upload(fileInput(), slip());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(proofMessages.uploaded));
    expect(fetch.mock.calls[0]![0]).toBe('/api/orders/CF-100042/proof-of-payment?key=1798761600.abc_DEF-123&name=slip.pdf');
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['/api/orders/CF-100042?key=1798761600.abc_DEF-123'] });
  });

  it("shows the server's words when it refuses the file", async () => {
    serveUploads({ status: 409, message: 'Order CF-100042 is paid already: no proof is needed.', code: 'conflict' });
    renderUpload();
    await shopper().upload(fileInput(), slip());
    expect((await screen.findByRole('alert')).textContent).toBe('Order CF-100042 is paid already: no proof is needed.');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('offers no upload once the order has its three proofs, and says why', () => {
    renderUpload([sentSlip, { ...sentSlip, id: 'b', fileName: 'photo.jpg' }, { ...sentSlip, id: 'c', fileName: 'again.png' }]);
    expect(screen.queryByLabelText('Upload proof of payment')).toBeNull();
    expect(screen.getByTestId('proof-of-payment').textContent).toContain('You have sent 3 proofs of payment, the most one order can have.');
    expect(within(screen.getByRole('list', { name: 'Proofs of payment sent' })).getAllByRole('listitem')).toHaveLength(3);
  });
});
