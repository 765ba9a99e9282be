import { TEST_PUBLIC_URL, type TestApp } from './test-support';
import { signUpShopper } from './test-shoppers';

/** The owner of the shop in the admin suites: start the app with ADMIN_EMAILS set to this address. */
export const DESK_ADMIN = { name: 'Lindiwe Dlamini', email: 'lindiwe@capeflag.co.za', password: 'order-desk-1' };
export const SHOPPER = { name: 'Sipho Mokoena', email: 'sipho@example.co.za', password: 'sipho-pass-1' };

/** Signs up through the API with a verified email (an admin must have one) and answers the session cookie. */
export async function signedIn(t: TestApp, who: { name: string; email: string; password: string }): Promise<string> {
  return (await signUpShopper(t, who)).cookie;
}

/** A same-site call with a session cookie, as the admin page makes it; no cookie: signed out. */
export function callAs(t: TestApp, cookie: string | undefined) {
  return (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) } });
}
