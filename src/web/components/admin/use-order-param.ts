import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** Marks history entries the desk itself pushed by opening an order, so closing can step back. */
interface OpenedFromDesk {
  openedFromDesk?: boolean;
}

/**
 * The open order lives in the address (?order=<id>) beside the tab: reload keeps it, Back closes it
 * and Forward opens it again, and a link to it can be shared with another admin.
 */
export function useOrderParam() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const orderId = params.get('order');

  return {
    orderId,
    /** The link of an order from the current view. */
    hrefOf(id: string): string {
      const next = new URLSearchParams(params);
      next.set('order', id);
      return `?${next}`;
    },
    linkState: { openedFromDesk: true } satisfies OpenedFromDesk,
    close(): void {
      if ((location.state as OpenedFromDesk | null)?.openedFromDesk) {
        void navigate(-1);
        return;
      }
      const next = new URLSearchParams(params);
      next.delete('order');
      setParams(next, { replace: true });
    },
  };
}
