/**
 * Facts about the shop that several pages repeat (home, footer, contact, policies, checkout).
 * Marketing claims and business hours are the spec's own wording (spec sections 1 and 9).
 * No Node or DOM imports: shared by the server and the browser.
 */
import { formatRandCompact } from './money';

/** The shop was established about 2003-2004 in Cape Town. */
export const ESTABLISHED_YEAR = 2004;
export const YEARS_IN_BUSINESS = '20+';
export const FLAGS_SOLD = '25,000+';
export const COUNTRIES_COUNT = '60+';
export const LOCATION_CITY = 'Cape Town';
export const LOCATION = 'Cape Town, South Africa';

/** Legal status shown with the ECT Act s43 disclosures (the company name ends in '(Pty) Ltd'). */
export const LEGAL_STATUS = 'Private company registered in South Africa with the CIPC';

/** Product facts. */
export const FLAG_SIZE = '150cm x 90cm';
export const FLAG_MATERIAL = 'polyester';
export const FLAG_WEIGHT = '200g';
export const POLYESTER_LIFE = '3-5 years';

export const VAT_NOTICE = 'All prices include 15% VAT.';

/** The least a card payment can be (Yoco's minimum charge, R2.00): no order comes to less, whatever its discount. */
export const MINIMUM_CARD_PAYMENT_CENTS = 200;

/**
 * Customer service hours. The spec has two readings and shows both:
 * the footer and home page say 8:00 AM to 5:00 PM, the contact page 8:00 AM - 6:00 PM.
 */
export const businessHours = {
  footer: {
    weekdays: 'Monday to Friday: 8:00 AM to 5:00 PM',
    weekends: 'Weekends: Closed',
    sentence: 'Monday to Friday 8:00 AM to 5:00 PM, closed weekends',
  },
  contact: {
    weekdays: 'Monday to Friday 8:00 AM - 6:00 PM',
    weekends: 'Weekends: Closed',
    sentence: 'Monday to Friday 8:00 AM - 6:00 PM, weekends closed',
  },
} as const;

/** PAXI collection (the shop's own prices; spec section 9). Amounts in cents. */
export const PAXI_STANDARD_FEE_CENTS = 6_000;
export const PAXI_EXPRESS_FEE_CENTS = 11_000;

/** A PAXI collection speed, as the checkout sends it (deliverySpeed); how an order travels, PAXI or courier, is DeliveryMethod in delivery.ts. */
export type PaxiSpeed = 'paxi-standard' | 'paxi-express';
/** The value stored on an order (orders.deliveryOption). */
export type DeliveryOptionCode = 'paxi_standard' | 'paxi_express';

export interface DeliveryOption {
  /** Value of the checkout form's deliveryMethod. */
  method: PaxiSpeed;
  /** Value stored on the order. */
  code: DeliveryOptionCode;
  name: string;
  /** Admin and summary label, e.g. 'Standard (7-9 days)'. */
  label: string;
  feeCents: number;
  /** The fee as pages write it, e.g. 'R60'. */
  feeLabel: string;
  minBusinessDays: number;
  maxBusinessDays: number;
  /** e.g. '7-9 business days' */
  time: string;
}

export const PAXI_STANDARD: DeliveryOption = {
  method: 'paxi-standard',
  code: 'paxi_standard',
  name: 'PAXI Standard',
  label: 'Standard (7-9 days)',
  feeCents: PAXI_STANDARD_FEE_CENTS,
  feeLabel: formatRandCompact(PAXI_STANDARD_FEE_CENTS),
  minBusinessDays: 7,
  maxBusinessDays: 9,
  time: '7-9 business days',
};

export const PAXI_EXPRESS: DeliveryOption = {
  method: 'paxi-express',
  code: 'paxi_express',
  name: 'PAXI Express',
  label: 'Express (3-5 days)',
  feeCents: PAXI_EXPRESS_FEE_CENTS,
  feeLabel: formatRandCompact(PAXI_EXPRESS_FEE_CENTS),
  minBusinessDays: 3,
  maxBusinessDays: 5,
  time: '3-5 business days',
};

/** The collection speeds offered at checkout, standard first (the default). */
export const deliveryOptions: readonly DeliveryOption[] = [PAXI_STANDARD, PAXI_EXPRESS];

/** The PAXI speeds by the name the checkout sends (deliverySpeed). */
export const paxiSpeeds: Readonly<Record<PaxiSpeed, DeliveryOption>> = { 'paxi-standard': PAXI_STANDARD, 'paxi-express': PAXI_EXPRESS };

/** PAXI facts used by the shipping policy and FAQ (see shared/reference). */
export const paxi = {
  stores: ['PEP', 'PEP Home', 'PEP Cell', 'Tekkie Town', 'Shoe City'],
  storesText: 'PEP, PEP Home, PEP Cell, Tekkie Town and Shoe City',
  pointCount: 'about 2,800',
  uncollectedReturnDays: 14,
  /** PAXI's own page where a parcel is followed by its tracking number. */
  trackingUrl: 'https://www.paxi.co.za/track',
} as const;

/** Service promises repeated by the policies. */
export const DISPATCH_BUSINESS_DAYS = 2;
export const COOLING_OFF_DAYS = 7;
export const REFUND_WITHIN_DAYS = 30;
export const DELIVERY_DEADLINE_DAYS = 30;
export const DEFECT_RETURN_MONTHS = 6;
export const ORDER_RECORD_RETENTION_YEARS = 5;

/** The option for a checkout deliveryMethod or an order's deliveryOption code; undefined for anything else. */
export function findDeliveryOption(methodOrCode: string): DeliveryOption | undefined {
  return deliveryOptions.find((o) => o.method === methodOrCode || o.code === methodOrCode);
}

/** Collection fee in cents: nothing for an empty cart (spec section 9). */
export function collectionFeeCents(option: DeliveryOption, itemCount: number): number {
  return itemCount > 0 ? option.feeCents : 0;
}

/** The fee's line on the order, the payment page and the receipts, e.g. 'PAXI Standard collection fee'. */
export function collectionFeeLabel(option: DeliveryOption): string {
  return `${option.name} collection fee`;
}

/** A phone number as a tel: link, e.g. '+27 21 555 0142' -> 'tel:+27215550142'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
