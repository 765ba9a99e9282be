import { shopPath } from '../../../shared/return-path';

/** Pages whose address holds a one-time token or finishes a sign-in: never a place to come back to. */
const ONE_TIME_PAGES = ['/verify-email', '/password-reset', '/test-password-reset', '/auth/callback'];

/** Where an emailed link may bring the shopper back to: a page of this shop, else the home page. */
export function safeReturnPath(value: unknown): string {
  const path = shopPath(value);
  if (!path) return '/';
  const page = path.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  return ONE_TIME_PAGES.includes(page) ? '/' : path;
}

/** The page the shopper is on now (with its query), for a verification link to return to. */
export function currentReturnPath(): string {
  return safeReturnPath(`${window.location.pathname}${window.location.search}`);
}
