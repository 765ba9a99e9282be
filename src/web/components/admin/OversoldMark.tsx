import { AlertTriangle, PackageCheck } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/Button';
import { formatDateTime, toneClasses } from './order-format';
import { useMoveOrder } from './use-order-desk';
import { oversoldDetail, oversoldHeadlines, oversoldOpen, oversoldSettleLabel, type AdminOrder, type AdminOrderDetail } from '../../../shared/order-desk';

/** The mark's headlines, once each: 'Sold beyond stock: restock or refund', "Over the code's limit". */
function headlines(order: AdminOrder): string[] {
  return [...new Set(order.oversold.map((mark) => oversoldHeadlines[mark.kind]))];
}

/** Beside the status in the order list and cards, while the order still needs the owner. */
export function OversoldBadge({ order }: { order: AdminOrder }) {
  if (!oversoldOpen(order)) return null;
  return (
    <>
      {headlines(order).map((headline) => (
        <span
          key={headline}
          className={cn('mt-1 flex w-fit items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold', toneClasses.red)}
          data-testid="oversold-badge"
        >
          <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" />
          {headline}
        </span>
      ))}
    </>
  );
}

/**
 * On the order's page: what went beyond the stock or the code's limit, what the owner can do
 * (restock, refund or cancel with the buttons above, or honour the discount), and the button that
 * settles it. Once settled, one quiet line keeps it in view.
 */
export function OversoldNotice({ detail }: { detail: AdminOrderDetail }) {
  const { order, actions } = detail;
  const move = useMoveOrder();
  if (order.oversold.length === 0) return null;
  if (!oversoldOpen(order)) {
    return (
      <p className="text-sm text-slate-700" data-testid="oversold-notice">
        {headlines(order).join('; ')}
        {order.oversoldSettledAt && (
          <>
            {' '}
            · settled <time dateTime={order.oversoldSettledAt}>{formatDateTime(order.oversoldSettledAt)}</time>
          </>
        )}
      </p>
    );
  }
  const stock = order.oversold.some((mark) => mark.kind === 'stock');
  return (
    <section className={cn('space-y-2 rounded-lg border p-4', toneClasses.red)} aria-labelledby="oversold-heading" data-testid="oversold-notice">
      <h3 id="oversold-heading" className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
        {headlines(order).join('; ')}
      </h3>
      <ul className="list-disc space-y-0.5 pl-5 text-sm">
        {order.oversold.map((mark) => (
          <li key={oversoldDetail(mark)}>{oversoldDetail(mark)}</li>
        ))}
      </ul>
      <p className="text-sm">
        It was paid on a payment page that stayed open after the shop had given its hold back, so the money is taken.{' '}
        {stock
          ? 'Restock: once the missing flags are here, mark it restocked and pack it. Or refund: Refund gives back part of the money, Cancel order all of it.'
          : 'Honour the discount and pack it, or cancel the order with a refund.'}
      </p>
      {actions.includes('settle_oversold') && (
        <Button size="sm" variant="outline" disabled={move.isPending} onClick={() => move.mutate({ orderId: order.id, to: 'oversold-settled' })}>
          <PackageCheck className="h-4 w-4" aria-hidden="true" /> {oversoldSettleLabel(order.oversold)}
        </Button>
      )}
    </section>
  );
}
