import type { Config } from './config';
import { courierFeesOf } from './delivery/providers';
import type { EmailContext } from './notify/templates';

/** What every email the shop sends reads from its settings: who the shop is, its address, and what courier delivery costs. */
export function emailContextOf(config: Pick<Config, 'shop' | 'publicUrl' | 'courier'>): EmailContext {
  return { shop: config.shop, publicUrl: config.publicUrl, courierFees: courierFeesOf(config.courier) };
}
