/**
 * What a shopper's browser does with Firebase Authentication, done against the emulator's REST API
 * (the same calls the Firebase JS SDK makes): sign up, verify the email through its out-of-band
 * link, sign in with a password or with Google, and get ID tokens.
 */
import { EMULATOR_PROJECT_ID } from './firebase-emulator';

export interface FirebaseSignIn {
  idToken: string;
  uid: string;
}

const API_KEY = 'emulator-api-key';

async function identityToolkit<T>(host: string, call: string, body: object): Promise<T> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${call}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`Firebase ${call}: ${answer.error?.message ?? res.status}`);
  return answer;
}

const signedIn = ({ idToken, localId }: { idToken: string; localId: string }): FirebaseSignIn => ({ idToken, uid: localId });

export async function firebaseSignUp(host: string, email: string, password: string): Promise<FirebaseSignIn> {
  return signedIn(await identityToolkit(host, 'accounts:signUp', { email, password, returnSecureToken: true }));
}

export async function firebaseSignIn(host: string, email: string, password: string): Promise<FirebaseSignIn> {
  return signedIn(await identityToolkit(host, 'accounts:signInWithPassword', { email, password, returnSecureToken: true }));
}

/** A Google sign-in as the emulator takes it: an unsigned Google ID token naming the account. */
export async function firebaseGoogleSignIn(host: string, email: string, name = 'Google Shopper'): Promise<FirebaseSignIn> {
  const googleToken = JSON.stringify({ sub: `google-${email}`, email, email_verified: true, name });
  return signedIn(
    await identityToolkit(host, 'accounts:signInWithIdp', {
      postBody: `id_token=${encodeURIComponent(googleToken)}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }),
  );
}

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The emulator's out-of-band codes (the links it would have emailed), newest last. */
export async function outOfBandCodes(host: string, email: string): Promise<OobCode[]> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email.toLowerCase());
}

/** Sends the verification email and opens its link, as the shopper would. */
export async function verifyFirebaseEmail(host: string, signIn: FirebaseSignIn, email: string): Promise<void> {
  await identityToolkit(host, 'accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: signIn.idToken });
  const code = (await outOfBandCodes(host, email)).filter((c) => c.requestType === 'VERIFY_EMAIL').at(-1)!;
  await identityToolkit(host, 'accounts:update', { oobCode: code.oobCode });
}

/** A new Firebase account, verified or not, and a fresh ID token saying which. */
export async function firebaseShopper(host: string, email: string, password: string, verified = true): Promise<FirebaseSignIn> {
  const signUp = await firebaseSignUp(host, email, password);
  if (!verified) return signUp;
  await verifyFirebaseEmail(host, signUp, email);
  return firebaseSignIn(host, email, password);
}

/**
 * Moves back the time from which the account's sign-ins count (Firebase's validSince, which a new
 * account gets at its creation), as if it had been made `seconds` earlier: a sign-in can then be
 * dated before a sign-out without waiting for the clock.
 */
export async function backdateFirebaseAccount(host: string, uid: string, seconds: number): Promise<void> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, validSince: String(Math.floor(Date.now() / 1000) - seconds) }),
  });
  if (!res.ok) throw new Error(`Firebase accounts:update: ${res.status} ${await res.text()}`);
}

/** The emulator's unsigned ID token with its payload changed: what a forger would send. */
export function tamperedToken(idToken: string, change: Record<string, unknown>): string {
  const [header, payload] = idToken.split('.');
  const claims = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object), ...change };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}
