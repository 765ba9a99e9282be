import { count, eq } from 'drizzle-orm';
import { sampleShop, type Config } from './config';
import type { Database } from './db/client';
import { pickupPoints } from './db/schema';
import { mailProviders } from './notify/mailer';
import { smsProviders } from './notify/sms';
import { paymentProviders } from './payments/providers';
import { goingLiveProblem } from './provider-registry';
import type { ShopDetails } from '../shared/shop-details';

/**
 * A public shop (one others can reach: config.publicShop) runs on real services and its own
 * details, unless it is a declared demo. Fakes are for a shop on the owner's own machine.
 */
export function mustBeLive(config: Config): boolean {
  return config.publicShop && !config.demo;
}

const shopDetailVariables: Record<Exclude<keyof ShopDetails, 'name'>, string> = {
  legalName: 'SHOP_LEGAL_NAME',
  registrationNumber: 'SHOP_REGISTRATION_NUMBER',
  vatNumber: 'SHOP_VAT_NUMBER',
  address: 'SHOP_ADDRESS',
  phone: 'SHOP_PHONE',
  email: 'SHOP_EMAIL',
};

/** The outside services that would still be fakes (or take no real money), each with what to set instead; each provider says its own. */
function fakes(config: Config): string[] {
  const problems = [
    goingLiveProblem(mailProviders, config.mail),
    goingLiveProblem(smsProviders, config.sms),
    ...config.payments.map((settings) => goingLiveProblem(paymentProviders, settings)),
  ];
  return problems.filter((problem) => problem !== undefined);
}

/** The seller's details still at the built-in sample (the 555 phone number, VAT number 4123456789). */
function sampleDetails(config: Config): string[] {
  const left = (Object.keys(shopDetailVariables) as (keyof typeof shopDetailVariables)[]).filter((key) => config.shop[key] === sampleShop[key]);
  if (left.length === 0) return [];
  const names = left.map((key) => shopDetailVariables[key]).join(', ');
  return [
    `${names} ${left.length === 1 ? 'is' : 'are'} still the sample details of "${sampleShop.name}", shown in the footer, contact page, terms and emails. ` +
      "Set them to the seller's own (ECT Act s43).",
  ];
}

/** The pickup points when they are the built-in sample, or none at all. */
async function samplePickupPoints(db: Database): Promise<string[]> {
  const [all] = await db.select({ points: count() }).from(pickupPoints);
  const [samples] = await db.select({ points: count() }).from(pickupPoints).where(eq(pickupPoints.isSample, true));
  const importHint = "Import PAXI's list while the shop is stopped: npm run pickup-points -- import paxi-points.json --replace";
  if (all!.points === 0) return [`There are no pickup points, so nobody could check out. ${importHint}`];
  if (samples!.points > 0) {
    return [`${samples!.points} of the ${all!.points} pickup points are the built-in sample ('(sample point)', codes SAMPLE-…), not real PAXI points. ${importHint}`];
  }
  return [];
}

/**
 * What no shop that others can reach may run with, a declared demo included: the Firebase Auth
 * emulator's tokens are unsigned, so anyone could sign in as anyone, the owner's order desk too.
 */
function unsafeOnAPublicShop(config: Config): string[] {
  if (!config.publicShop || config.signIn.provider !== 'firebase' || !config.signIn.emulatorHost) return [];
  return [
    'FIREBASE_AUTH_EMULATOR_HOST points the shop at the Firebase Auth emulator, whose sign-ins are unsigned: anyone could sign in as anyone. ' +
      "Unset it and give the project's service account (GOOGLE_APPLICATION_CREDENTIALS or FIREBASE_SERVICE_ACCOUNT).",
  ];
}

/** Everything that keeps a public shop from opening, each with the setting to change; empty when it may open. */
export async function goingLiveProblems(config: Config, db: Database): Promise<string[]> {
  const unsafe = unsafeOnAPublicShop(config);
  if (!mustBeLive(config)) return unsafe;
  return [...unsafe, ...fakes(config), ...sampleDetails(config), ...(await samplePickupPoints(db))];
}

/** The start refuses a public shop that is not ready; the message says what to set. */
export class NotReadyToGoLiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotReadyToGoLiveError';
  }
}

/** The start's refusal, naming every setting at once so that one round of changes is enough. */
export function goingLiveRefusal(config: Config, problems: string[]): string {
  return [
    `This shop is public (${whyPublic(config)}) but is not ready to take real orders:`,
    ...problems.map((problem) => `  - ${problem}`),
    'For a public demonstration that takes no real payment, set SHOP_DEMO=true: every page then says so.',
    'Only a shop on this machine (PUBLIC_URL and HOST at localhost, 127.0.0.0/8 or [::1]) runs on the fakes without either.',
  ].join('\n');
}

/** What makes the shop public: the address it is known by, else the network it listens on. */
function whyPublic(config: Config): string {
  return config.publicAddress ? `PUBLIC_URL is ${config.publicUrl}` : `HOST is ${config.host}, so other machines can reach it`;
}
