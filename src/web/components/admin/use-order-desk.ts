import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, messageOf } from '../../lib/api';
import { callApi } from '../../lib/api-client';
import { toast } from '../ui/toast-store';
import {
  orderDeskMessages,
  type AdminOrder,
  type AdminOrderDetail,
  type ContactMessageView,
  type OrderActionResult,
  type OrderDeskOverview,
  type OrderSearch,
} from '../../../shared/order-desk';
import { formatRand } from '../../../shared/money';
import type { PaymentReceivedInput } from '../../../shared/bank-transfer';
import type { QuoteAnswerInput, QuoteFilter, QuoteRequestView } from '../../../shared/quotes';

/**
 * The order desk's calls (src/shared/order-desk.ts). Keys start with the address, so the default
 * fetch (spec section 7) serves the plain ones and invalidating by address refreshes a whole list.
 */
const orderDeskKeys = {
  overview: ['/api/admin/overview'] as const,
  orders: (search: OrderSearch) => ['/api/admin/orders', search] as const,
  unfulfilled: ['/api/admin/orders/unfulfilled'] as const,
  order: (id: string) => [`/api/admin/orders/${encodeURIComponent(id)}`] as const,
  contacts: (status: ContactFilter) => ['/api/admin/contacts', status] as const,
  quotes: (status: QuoteFilter) => ['/api/admin/quotes', status] as const,
  auditLog: ['/api/admin/audit-log'] as const,
};

export type ContactFilter = 'open' | 'handled' | 'all';

/** The query string of a desk list's filters (and of its CSV export): only the filters that are set. */
export function filterParams(filters: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

export function useOverview() {
  return useQuery<OrderDeskOverview>({ queryKey: orderDeskKeys.overview });
}

/** One page of the search, and how many orders match in all (the X-Total-Count header). */
async function searchOrders(search: OrderSearch): Promise<{ orders: AdminOrder[]; total: number }> {
  const response = await fetch(`/api/admin/orders?${filterParams(search)}`, { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const orders = (await response.json()) as AdminOrder[];
  const total = Number(response.headers.get('x-total-count'));
  return { orders, total: Number.isFinite(total) && total >= orders.length ? total : orders.length };
}

export function useOrderSearch(search: OrderSearch) {
  return useQuery({
    queryKey: orderDeskKeys.orders(search),
    queryFn: () => searchOrders(search),
    // Keeps the last answer on screen while a new filter loads, instead of flashing a spinner.
    placeholderData: (previous) => previous,
  });
}

export function useUnfulfilledOrders() {
  return useQuery<AdminOrder[]>({ queryKey: orderDeskKeys.unfulfilled });
}

/** The order page's data; nothing is asked while no order is open. */
export function useOrderDetail(id: string | null) {
  return useQuery<AdminOrderDetail>({ queryKey: orderDeskKeys.order(id ?? ''), enabled: id !== null });
}

export function useContacts(status: ContactFilter) {
  return useQuery<ContactMessageView[]>({
    queryKey: orderDeskKeys.contacts(status),
    queryFn: () => apiRequest('GET', `/api/admin/contacts?status=${status}`),
  });
}

export function useQuotes(status: QuoteFilter) {
  return useQuery<QuoteRequestView[]>({
    queryKey: orderDeskKeys.quotes(status),
    queryFn: () => apiRequest('GET', `/api/admin/quotes?status=${status}`),
  });
}

/** Entries per page of the activity log; a full page means there may be older ones. */
const AUDIT_PAGE_SIZE = 50;

/** The activity log, newest first, a page at a time: each next page starts before the last entry shown. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: orderDeskKeys.auditLog,
    queryFn: ({ pageParam }) =>
      callApi('auditLog', { query: { limit: String(AUDIT_PAGE_SIZE), before: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (page) => (page.length === AUDIT_PAGE_SIZE ? page[page.length - 1]?.id : undefined),
  });
}

// The writes below are never sent twice by themselves: each one notifies a customer or moves money,
// so after a failure the admin reads the message and decides. Each order write answers the order as
// it is now with a message in words; every list refreshes once a write settles (the query client
// invalidates all queries after any mutation).
//
// Their toasts and follow-ups are given to useMutation, not to mutate(): the list refresh runs
// before mutate()'s callbacks, and when it removes the row that made the call (an order fulfilled
// from Unfulfilled, a message marked handled) those callbacks never run.


const failed = (fallback: string) => (error: unknown) => toast({ title: 'Error', description: messageOf(error, fallback), variant: 'destructive' });

/** Spec sections 7 and 8: the success toast in the spec's words, the server's message on a refusal. */
export function useFulfilOrder(onFulfilled: () => void) {
  return useMutation({
    mutationFn: ({ orderId, trackingNumber }: { orderId: string; trackingNumber: string }) =>
      callApi('fulfilOrder', { params: { id: orderId }, body: { trackingNumber } }),
    retry: false,
    onSuccess: () => {
      toast({ title: 'Order Fulfilled', description: orderDeskMessages.fulfilled });
      onFulfilled();
    },
    onError: failed(orderDeskMessages.fulfilFailed),
  });
}

/** A bank transfer that reflected: the order is paid, and the customer gets the invoice and the confirmation. */
export function useMarkPaymentReceived(onDone: () => void) {
  return useMutation({
    mutationFn: ({ orderId, received }: { orderId: string; received: PaymentReceivedInput }) =>
      callApi('markPaymentReceived', { params: { id: orderId }, body: received }),
    retry: false,
    onSuccess: (result) => {
      toast({ title: 'Payment Received', description: result.message });
      onDone();
    },
    onError: failed('Failed to mark the payment received'),
  });
}

/** Books the courier from the desk: its tracking number fulfils the order and the label is ready to print. */
export function useBookCourier() {
  return useMutation({
    mutationFn: (orderId: string) => callApi('bookCourier', { params: { id: orderId } }),
    retry: false,
    onSuccess: (result) => toast({ title: 'Courier Booked', description: result.message }),
    onError: failed('Failed to book the courier'),
  });
}

/** The moves without a form, each with its call and its toast's title: arrived at the pickup point, collected, delivered, and asking the courier. */
const moves = {
  'ready-for-collection': { call: 'markReadyForCollection', title: 'Ready for Collection' },
  collected: { call: 'markCollected', title: 'Order Collected' },
  delivered: { call: 'markDelivered', title: 'Order Delivered' },
  'track-courier': { call: 'followCourier', title: 'Tracking Checked' },
  'oversold-settled': { call: 'settleOversold', title: 'Order Settled' },
} as const;

export function useMoveOrder() {
  return useMutation({
    mutationFn: ({ orderId, to }: { orderId: string; to: keyof typeof moves }): Promise<OrderActionResult> => callApi(moves[to].call, { params: { id: orderId } }),
    retry: false,
    onSuccess: (result, { to }) => toast({ title: moves[to].title, description: result.message }),
    onError: failed('Failed to update the order'),
  });
}

// The forms below show a refusal beside their fields (mutation.error); success closes them.

export function useAddOrderNote(onAdded: () => void) {
  return useMutation({
    mutationFn: ({ orderId, note }: { orderId: string; note: string }) =>
      callApi('addOrderNote', { params: { id: orderId }, body: { note } }),
    retry: false,
    onSuccess: (result) => {
      toast({ title: 'Note Added', description: result.message });
      onAdded();
    },
  });
}

export type CancelRefund = 'full' | 'none' | { amountCents: number };

export function useCancelOrder(onCancelled: () => void) {
  return useMutation({
    // reference: where the refund was made by hand, for an order whose refunds are (AdminOrderDetail.refundsByHand).
    mutationFn: ({ orderId, refund, reason, reference }: { orderId: string; refund: CancelRefund; reason?: string; reference?: string }) =>
      callApi('cancelOrder', { params: { id: orderId }, body: { refund, reason, reference } }),
    retry: false,
    onSuccess: (result) => {
      toast({ title: 'Order Cancelled', description: result.message });
      onCancelled();
    },
  });
}

export function useRefundOrder(onRefunded: () => void) {
  return useMutation({
    mutationFn: ({ orderId, amountCents, reason, reference }: { orderId: string; amountCents: number; reason?: string; reference?: string }) =>
      callApi('refundOrder', { params: { id: orderId }, body: { amountCents, reason, reference } }),
    retry: false,
    // A refund made by hand is recorded at once; one asked of the provider waits for its confirmation.
    onSuccess: (result, { reference }) => {
      toast({ title: reference === undefined ? 'Refund Requested' : 'Refund Recorded', description: result.message });
      onRefunded();
    },
  });
}

export function useSendDigest() {
  return useMutation({
    mutationFn: () => callApi('sendOrderDigest'),
    retry: false,
    onSuccess: (result) => toast({ title: result.sent ? 'Digest Sent' : 'No Digest Sent', description: result.message }),
    onError: failed(orderDeskMessages.batchEmailFailed),
  });
}

export function useMarkHandled() {
  return useMutation({
    mutationFn: ({ id, handled }: { id: string; handled: boolean; name: string }) =>
      callApi('markContactHandled', { params: { id }, body: { handled } }),
    retry: false,
    onSuccess: (_message, { handled, name }) =>
      toast(
        handled
          ? { title: 'Message Handled', description: `The message from ${name} is marked as handled.` }
          : { title: 'Message Reopened', description: `The message from ${name} is open again.` },
      ),
    onError: failed('Failed to update the message'),
  });
}

/** Emails the buyer a price; a request answered before gets a revised quote. */
export function useAnswerQuote(onSent: () => void) {
  return useMutation({
    mutationFn: ({ quote, answer }: { quote: Pick<QuoteRequestView, 'id' | 'answer'>; answer: QuoteAnswerInput }) =>
      callApi('answerQuote', { params: { id: quote.id }, body: answer }),
    retry: false,
    onSuccess: (sent, { quote }) => {
      const total = sent.answer ? `: ${formatRand(sent.answer.totalCents)}` : '';
      toast({ title: 'Quote Sent', description: `${quote.answer ? 'Revised quote' : 'Quote'} ${sent.reference} sent to ${sent.name}${total}.` });
      onSent();
    },
    onError: failed('Failed to send the quote'),
  });
}

export function useCloseQuote() {
  return useMutation({
    mutationFn: ({ id, closed }: { id: string; closed: boolean; reference: string; name: string }) => callApi('closeQuote', { params: { id }, body: { closed } }),
    retry: false,
    onSuccess: (_quote, { closed, reference, name }) =>
      toast(
        closed
          ? { title: 'Quote Request Closed', description: `The quote request ${reference} from ${name} is closed.` }
          : { title: 'Quote Request Reopened', description: `The quote request ${reference} from ${name} is open again.` },
      ),
    onError: failed('Failed to update the quote request'),
  });
}
