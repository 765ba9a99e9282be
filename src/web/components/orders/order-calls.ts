import { endpoints } from '../../../shared/api/endpoints';
import { documentUrls } from '../../../shared/tax-documents';

/** The calls one order's page reaches it by: My Profile's, signed in, or its signed link's, which carry the link's key. */
export interface OrderCalls {
  /** The order itself, also the key of its query. */
  order: string;
  proForma: string;
  proofOfPayment: string;
}

export function orderCalls(orderNumber: string, orderKey?: string): OrderCalls {
  const number = encodeURIComponent(orderNumber);
  if (orderKey === undefined) {
    return {
      order: `/api/profile/orders/${number}`,
      proForma: documentUrls.proForma(number),
      proofOfPayment: endpoints.uploadProofOfPayment.path.replace(':orderNumber', number),
    };
  }
  const key = encodeURIComponent(orderKey);
  return {
    order: `/api/orders/${number}?key=${key}`,
    proForma: documentUrls.proForma(number, key),
    proofOfPayment: `${endpoints.uploadGuestProofOfPayment.path.replace(':orderNumber', number)}?key=${key}`,
  };
}
