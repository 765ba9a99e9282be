import type { ShopDetails } from '../../shared/shop-details';
import type { CourierFees } from '../../shared/courier-services';
import { isVatVendor } from '../../shared/vat';
import { DEFAULT_LINE_LIMIT } from '../../shared/cart';
import type { QuantityBreak } from '../../shared/pricing';
import type { PaymentMethodView } from '../../shared/payment-methods';
import { SERVER_INITIAL_DATA } from './initial-data-key';

export interface InitialData {
  shop: ShopDetails;
  demo?: boolean;
  website?: string;
  /** What courier delivery costs, for the pages that state the delivery terms before checkout. */
  courierFees?: CourierFees;
  /** The most of one flag on one cart line (CART_LINE_LIMIT). */
  lineLimit?: number;
  /** Lower prices for many of one size (QUANTITY_BREAKS). */
  quantityBreaks?: QuantityBreak[];
  /** The ways to pay (PAYMENT_PROVIDERS), in the order checkout offers them. */
  paymentMethods?: PaymentMethodView[];
  /** CHECKOUT_ACCOUNTS=optional: a shopper may pay as a guest. */
  guestCheckout?: boolean;
  /**
   * The year in South Africa when the page was sent, for the footer: the server's rendering and the
   * browser's hydration show the same whatever the shopper's clock says, at New Year too.
   */
  year?: number;
  queries: [string, unknown][];
}

/** What one page is rendered from: its queries' data and the year it was sent in. */
export type PageData = Required<Pick<InitialData, 'queries' | 'year'>>;

const fallbackShop: ShopDetails = {
  name: 'Cape Flag Co.',
  legalName: '',
  registrationNumber: '',
  vatNumber: '',
  address: 'Cape Town, South Africa',
  phone: '',
  email: '',
};

/** Data the server wrote into the page, read once at start. */
function readInitialData(): InitialData {
  if (typeof document === 'undefined') {
    const onServer = (globalThis as { [SERVER_INITIAL_DATA]?: InitialData })[SERVER_INITIAL_DATA];
    return onServer ?? { shop: fallbackShop, queries: [] };
  }
  const element = document.getElementById('initial-data');
  if (!element?.textContent) return { shop: fallbackShop, queries: [] };
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return { shop: fallbackShop, queries: [] };
  }
}

export const initialData = readInitialData();
export const shop = initialData.shop;
/** The shop's address on the web (PUBLIC_URL), the same for the server's rendering and the browser. */
export const shopWebsite = initialData.website ?? '';
/** The shop's courier prices, or the courier's own for each parcel and address (checkout shows them before paying). */
export const courierFees: CourierFees = initialData.courierFees ?? { kind: 'quoted' };
/** A demo shop (SHOP_DEMO=true) says so on every page. */
export const demoShop = initialData.demo === true;
/** Only a registered VAT vendor's pages say that prices include VAT (SHOP_VAT_NUMBER empty: not one). */
export const vatVendor = isVatVendor(shop);
/** The most of one flag on one cart line: the product page's quantity and the cart's plus stop there. */
export const lineLimit = initialData.lineLimit ?? DEFAULT_LINE_LIMIT;
/** The shop's quantity breaks, smallest first: the product page lists them, the cart applies them. */
export const quantityBreaks: readonly QuantityBreak[] = initialData.quantityBreaks ?? [];
/** The ways to pay, in the shop's order; checkout asks for one only when there are several. */
export const paymentMethods: readonly PaymentMethodView[] = initialData.paymentMethods ?? [];
/** Checkout offers "Continue as a guest" beside Sign in (CHECKOUT_ACCOUNTS=optional). */
export const guestCheckout = initialData.guestCheckout === true;
