/**
 * A signed-in shopper for the API suites, in whichever way the app signs people in: the shop's own
 * sign-up (and its verification link), or Firebase's on the emulator followed by /api/user/sync.
 * The suites that run in both modes (signInTargets) get the same cookie-carrying shopper either way.
 */
import { expect } from 'vitest';
import { outboxEmails, TEST_PUBLIC_URL, type TestApp } from './test-support';
import { firebaseShopper } from './firebase-users';

export interface SignedInShopper {
  id: string;
  email: string;
  /** `name=value` of the session cookie. */
  cookie: string;
  /** What an API client sends as `Authorization: Bearer …`: the session token, or a Firebase ID token. */
  token: string;
}

const origin = { origin: TEST_PUBLIC_URL };

function cookieOf(setCookie: string | string[] | undefined, name: string): string {
  const cookie = [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`));
  expect(cookie, `a ${name} cookie`).toBeDefined();
  return cookie!.split(';')[0]!;
}

/** Opens the verification link the shop emailed to `email`. */
async function openVerificationLink(t: TestApp, email: string): Promise<void> {
  const rows = await outboxEmails(t.database.db);
  const text = rows.find((r) => r.payload.to === email && r.payload.text.includes('/verify-email?'))!.payload.text;
  const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec(text)![0]);
  expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email${link.search}`, headers: origin })).statusCode).toBe(200);
}

/** Signs a new shopper up and in; `verified` opens the verification link first, as a shopper about to pay would. */
export async function signUpShopper(t: TestApp, who: { name: string; email: string; password: string }, verified = true): Promise<SignedInShopper> {
  const { signIn } = t.config;
  if (signIn.provider === 'firebase') {
    const firebase = await firebaseShopper(signIn.emulatorHost!, who.email, who.password, verified);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/sync',
      payload: { displayName: who.name },
      headers: { ...origin, authorization: `Bearer ${firebase.idToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json<{ user: { id: string } }>().user.id, email: who.email, cookie: cookieOf(res.headers['set-cookie'], 'firebase-session'), token: firebase.idToken };
  }
  const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: who, headers: origin });
  expect(signUp.statusCode, signUp.body).toBe(200);
  if (verified) await openVerificationLink(t, who.email);
  // Sign-up signs nobody in (it answers the same for a taken address): the password does.
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: who.email, password: who.password }, headers: origin });
  expect(res.statusCode, res.body).toBe(200);
  return {
    id: res.json<{ user: { id: string } }>().user.id,
    email: who.email,
    cookie: cookieOf(res.headers['set-cookie'], 'better-auth.session_token'),
    token: String(res.headers['set-auth-token']),
  };
}
