import { createProvider, namedBy, type ChosenSettings } from '../provider-registry';
import type { CourierFees } from '../../shared/delivery';
import type { ShopDetails } from '../../shared/shop-details';
import type { CourierProvider, CourierProviderContext } from './courier';
import { flatCourier } from './flat';
import { shiplogicCourier } from './shiplogic';

/** Every courier the shop can quote and book with, by the name COURIER_PROVIDER gives. */
const courierProviders = {
  flat: flatCourier,
  shiplogic: shiplogicCourier,
};

export const courierProviderKind = namedBy(courierProviders, 'COURIER_PROVIDER', 'flat');

export type CourierSettings = ChosenSettings<typeof courierProviders>;

/** The courier COURIER_PROVIDER names, made from the settings the start checked. */
export function createCourierProvider(config: { courier: CourierSettings; shop: ShopDetails }): CourierProvider {
  const context: CourierProviderContext = { shopName: config.shop.name, shopPhone: config.shop.phone, shopEmail: config.shop.email };
  return createProvider(courierProviders, config.courier, context);
}

/** What the shop's pages say courier delivery costs: the shop's own prices, or the courier's for each parcel and address. */
export function courierFeesOf(settings: CourierSettings): CourierFees {
  return settings.provider === 'flat' ? { kind: 'fixed', rates: settings.rates.map(({ serviceLevel, priceCents }) => ({ serviceLevel, priceCents })) } : { kind: 'quoted' };
}
