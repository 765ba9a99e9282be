/** What the checkout's steps share: the shop's services and settings they work with. */
import type { Database } from '../db/client';
import type { checkouts } from '../db/schema';
import type { CartService } from '../cart/service';
import type { PaymentMethods } from '../payments/providers';
import type { PickupPoint } from '../pickup/service';
import type { EmailContext } from '../notify/templates';
import type { DeliveryService } from '../delivery/service';
import type { DiscountService } from '../discounts/service';
import type { CourierAddress } from '../../shared/delivery';
import type { OrderLinks } from '../orders/order-links';

export interface CheckoutDeps {
  db: Database;
  cart: CartService;
  /** The ways to pay the shop offers; a checkout keeps the one it was opened with. */
  payments: PaymentMethods;
  findPickupPoint: (code: string) => Promise<PickupPoint | null>;
  /** The courier's rates, asked again for the checkout's own price. */
  delivery: Pick<DeliveryService, 'quote' | 'courierName'>;
  discounts: Pick<DiscountService, 'claimUse' | 'holdUse'>;
  /** Signed links to a guest's order page. */
  orderLinks: Pick<OrderLinks, 'linkTo' | 'keyFor'>;
  /** Keeps a courier address in the shopper's address book, when asked to at checkout. */
  saveAddress: (userId: string, address: CourierAddress) => Promise<void>;
  publicUrl: string;
  email: EmailContext;
  onEmailQueued?: () => void;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export type CheckoutRow = typeof checkouts.$inferSelect;
export type { OrderRow } from '../orders/transitions';
