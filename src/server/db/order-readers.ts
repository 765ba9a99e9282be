import { eq, type SQL } from 'drizzle-orm';
import { placedOrders } from './schema';

/**
 * Who reads a customer's order: its account, signed in, or whoever holds a signed link to that
 * one order (a guest), whose key the route has already checked.
 */
export type OrderReader = { userId: string } | { linkedOrderNumber: string; orderKey: string };

/** The orders this reader may see, as a condition on placed_orders. */
export function readableBy(reader: OrderReader): SQL {
  return 'userId' in reader ? eq(placedOrders.userId, reader.userId) : eq(placedOrders.orderNumber, reader.linkedOrderNumber);
}

/** The key a reader's document links carry: a guest's, from the signed link; none in My Profile. */
export function orderKeyOf(reader: OrderReader): string | undefined {
  return 'orderKey' in reader ? reader.orderKey : undefined;
}
