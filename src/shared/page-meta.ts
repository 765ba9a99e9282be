import { countryName } from './product';
import { formatRandCompact } from './money';
import { PAXI_EXPRESS, PAXI_STANDARD } from './shop-facts';

/** Titles and descriptions of the storefront pages: the server writes them into the HTML, the app keeps them on navigation. */
export interface PageMeta {
  title: string;
  description: string;
}

export type StaticPage =
  | 'home'
  | 'shop'
  | 'contact'
  | 'quote'
  | 'checkout'
  | 'profile'
  | 'order'
  | 'findOrder'
  | 'admin'
  | 'privacyPolicy'
  | 'termsOfService'
  | 'returnsPolicy'
  | 'shippingPolicy'
  | 'paxiFinder'
  | 'notFound'
  | 'other';

/** What the home page's description names: the cheapest flag's price in the catalogue, and whether prices include VAT. */
export interface HomeFacts {
  fromCents: number | undefined;
  /** Only a registered VAT vendor may say that its prices include VAT (isVatVendor). */
  vatVendor: boolean;
}

export function staticPageMeta(page: StaticPage, shopName: string, home?: HomeFacts): PageMeta {
  switch (page) {
    case 'home':
      return {
        title: `${shopName} | Premium Polyester Country Flags, Cape Town`,
        description:
          `Premium 150cm x 90cm polyester flags of 60+ countries${home?.fromCents === undefined ? '' : ` from ${formatRandCompact(home.fromCents)}`}${home?.vatVendor ? ', VAT included' : ''}. Cape Town flag specialists since 2004, collected at a PAXI point near you or delivered to your door.`,
      };
    case 'shop':
      return {
        title: `Shop Country Flags | ${shopName}`,
        description:
          'Browse 60+ country flags in durable 150cm x 90cm polyester. Search by country, filter by region, and collect at any PAXI point in South Africa or have them delivered.',
      };
    case 'contact':
      return {
        title: `Contact Us | ${shopName}`,
        description: `Questions about a flag or an order? Contact ${shopName} in Cape Town, Monday to Friday 8:00 AM - 6:00 PM.`,
      };
    case 'quote':
      return {
        title: `Request a Quote | ${shopName}`,
        description: `Flags by the dozen for schools, companies and events, or a size or print we don't list: tell ${shopName} what you need and get a price by email.`,
      };
    case 'checkout':
      return { title: `Checkout | ${shopName}`, description: 'Review your order, choose a PAXI point or courier delivery, and pay securely by card.' };
    case 'profile':
      return { title: `My Profile | ${shopName}`, description: 'Your details, addresses, orders and wishlist.' };
    case 'order':
      return { title: `Your Order | ${shopName}`, description: 'Your order: the flags, where it goes, where it is now and its tracking.' };
    case 'findOrder':
      return {
        title: `Find Your Order | ${shopName}`,
        description: 'Bought without an account? Enter your order number and email address, and we email you a link to your order.',
      };
    case 'admin':
      return { title: `Admin Dashboard | ${shopName}`, description: 'The order desk: orders to send, collections, refunds and messages.' };
    case 'privacyPolicy':
      return {
        title: `Privacy Policy | ${shopName}`,
        description: `How ${shopName} collects, uses and protects your personal information under POPIA.`,
      };
    case 'termsOfService':
      return {
        title: `Terms of Service | ${shopName}`,
        description: `The terms of buying from ${shopName}, with the seller details required by the ECT Act.`,
      };
    case 'returnsPolicy':
      return {
        title: `Returns Policy | ${shopName}`,
        description: 'Seven-day cooling-off returns and six-month returns of defective flags, refunded within 30 days.',
      };
    case 'shippingPolicy':
      return {
        title: `Shipping Policy | ${shopName}`,
        description: `PAXI collection across South Africa: standard ${PAXI_STANDARD.feeLabel} (${PAXI_STANDARD.time}) or express ${PAXI_EXPRESS.feeLabel} (${PAXI_EXPRESS.time}); or courier delivery to your door.`,
      };
    case 'paxiFinder':
      return {
        title: `Find a PAXI Point | ${shopName}`,
        description: 'Find the PAXI collection points nearest to your suburb, town or postal code, at PEP, Tekkie Town and Shoe City stores across South Africa.',
      };
    case 'notFound':
      return { title: `404 Page Not Found | ${shopName}`, description: 'The page you are looking for does not exist.' };
    case 'other':
      return { title: shopName, description: `Premium polyester country flags from ${shopName}, Cape Town.` };
  }
}

export function productPageMeta(
  product: { name: string; description: string },
  shopName: string,
): PageMeta {
  const country = countryName(product.name);
  return {
    title: `${country} Flag | ${shopName}`,
    description: product.description.length > 160 ? `${product.description.slice(0, 157)}...` : product.description,
  };
}

export function productNotFoundMeta(shopName: string): PageMeta {
  return { title: `Product Not Found | ${shopName}`, description: 'This flag is not in our catalogue.' };
}
