/** What each order status means to the shopper, and its badge colour. */
const statuses: Record<string, { label: string; tone: string }> = {
  pending: { label: 'Awaiting payment', tone: 'bg-slate-100 text-slate-700' },
  paid: { label: 'Paid, being prepared', tone: 'bg-brand-50 text-brand-800' },
  fulfilled: { label: 'Shipped', tone: 'bg-sky-50 text-sky-800' },
  ready_for_collection: { label: 'Ready for collection', tone: 'bg-amber-50 text-amber-900' },
  collected: { label: 'Collected', tone: 'bg-green-50 text-green-800' },
  with_courier: { label: 'With the courier', tone: 'bg-sky-50 text-sky-800' },
  out_for_delivery: { label: 'Out for delivery', tone: 'bg-sky-50 text-sky-800' },
  delivery_failed: { label: 'Delivery attempt failed', tone: 'bg-amber-50 text-amber-900' },
  delivered: { label: 'Delivered', tone: 'bg-green-50 text-green-800' },
  cancelled: { label: 'Cancelled', tone: 'bg-red-50 text-red-800' },
};

export function orderStatus(status: string): { label: string; tone: string } {
  const known = statuses[status];
  if (known) return known;
  const words = status.replace(/_/g, ' ');
  return { label: words.charAt(0).toUpperCase() + words.slice(1), tone: 'bg-slate-100 text-slate-700' };
}

/** The day an order was placed, in South African time. */
export const orderDate = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Johannesburg' });

/** When a step of an order happened, in South African time, as the order desk shows it too: '10 Nov 2026, 10:30'. */
export const orderStepTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });

/** An order's own page, which emails can link to. */
export const orderPath = (orderNumber: string) => `/profile/orders/${encodeURIComponent(orderNumber)}`;
