import { z } from 'zod';

/** Who signs shoppers in: the shop's own accounts (the default), or the retailer's Firebase project. */
export type SignInSettings = { provider: 'accounts' } | FirebaseSettings;

export interface FirebaseSettings {
  provider: 'firebase';
  /** What the browser's Firebase SDK is started with; none of it is secret. */
  web: { projectId: string; apiKey: string; authDomain: string; appId: string | undefined };
  /** host:port of the Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_HOST): its tokens are unsigned. */
  emulatorHost: string | undefined;
  /** FIREBASE_SERVICE_ACCOUNT's key, or undefined to use GOOGLE_APPLICATION_CREDENTIALS (or none, with the emulator). */
  serviceAccount: ServiceAccount | undefined;
  /** "Continue with Google" in the sign-in dialog; the provider must also be enabled in the Firebase console. */
  googleSignIn: boolean;
}

interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
}

const serviceAccountSchema = z
  .object({ project_id: z.string().min(1), client_email: z.string().min(1), private_key: z.string().min(1) })
  .transform((key) => ({ projectId: key.project_id, clientEmail: key.client_email, privateKey: key.private_key }));

const SERVICE_ACCOUNT_MESSAGE = "FIREBASE_SERVICE_ACCOUNT must be the service account's key file as JSON (with project_id, client_email and private_key)";
const EMULATOR_HOST = /^[A-Za-z0-9.-]+:\d{1,5}$/;

function serviceAccountFrom(json: string): ServiceAccount | string {
  try {
    const parsed = serviceAccountSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : SERVICE_ACCOUNT_MESSAGE;
  } catch {
    return SERVICE_ACCOUNT_MESSAGE;
  }
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * AUTH_PROVIDER and, for Firebase, its settings. Every missing or bad setting is named, so one
 * round of changes is enough. The emulator needs only a project id: the rest has fakes there.
 */
export function readSignInSettings(env: NodeJS.ProcessEnv): { settings?: SignInSettings; problems: string[] } {
  const provider = blank(env.AUTH_PROVIDER) ?? 'accounts';
  if (provider === 'accounts') return { settings: { provider }, problems: [] };
  if (provider !== 'firebase') return { problems: ["AUTH_PROVIDER must be 'accounts' (the shop's own, the default) or 'firebase'"] };

  const problems: string[] = [];
  const emulatorHost = blank(env.FIREBASE_AUTH_EMULATOR_HOST);
  if (emulatorHost && !EMULATOR_HOST.test(emulatorHost)) problems.push('FIREBASE_AUTH_EMULATOR_HOST must be host:port, such as 127.0.0.1:9099');
  const projectId = blank(env.FIREBASE_PROJECT_ID);
  const needed = (name: string, value: string | undefined, fake: string | undefined) => {
    if (value) return value;
    if (emulatorHost && fake !== undefined) return fake;
    problems.push(`${name} is required with AUTH_PROVIDER=firebase (see the Firebase console, Project settings)`);
    return '';
  };
  const web = {
    projectId: needed('FIREBASE_PROJECT_ID', projectId, undefined),
    apiKey: needed('FIREBASE_API_KEY', blank(env.FIREBASE_API_KEY), 'emulator-api-key'),
    authDomain: needed('FIREBASE_AUTH_DOMAIN', blank(env.FIREBASE_AUTH_DOMAIN), `${projectId}.firebaseapp.com`),
    appId: emulatorHost ? blank(env.FIREBASE_APP_ID) : needed('FIREBASE_APP_ID', blank(env.FIREBASE_APP_ID), undefined),
  };

  let serviceAccount: ServiceAccount | undefined;
  const keyJson = blank(env.FIREBASE_SERVICE_ACCOUNT);
  if (keyJson) {
    const key = serviceAccountFrom(keyJson);
    if (typeof key === 'string') problems.push(key);
    else if (projectId && key.projectId !== projectId) problems.push(`FIREBASE_SERVICE_ACCOUNT belongs to project ${key.projectId}, not FIREBASE_PROJECT_ID ${projectId}`);
    else serviceAccount = key;
  } else if (!emulatorHost && !blank(env.GOOGLE_APPLICATION_CREDENTIALS)) {
    problems.push(
      'GOOGLE_APPLICATION_CREDENTIALS (the path of a service account key file) or FIREBASE_SERVICE_ACCOUNT (its JSON) is required with AUTH_PROVIDER=firebase, so the shop can check sign-ins and delete accounts',
    );
  }

  const google = blank(env.FIREBASE_GOOGLE_SIGN_IN) ?? 'true';
  if (google !== 'true' && google !== 'false') problems.push("FIREBASE_GOOGLE_SIGN_IN must be 'true' or 'false'");

  if (problems.length > 0) return { problems };
  return { settings: { provider: 'firebase', web, emulatorHost, serviceAccount, googleSignIn: google === 'true' }, problems };
}

/**
 * What signing in with Firebase adds to the pages' Content-Security-Policy (AUTH_PROVIDER=firebase; the shop's own accounts need
 * nothing). Firebase's SDK calls its REST APIs: Identity Toolkit (sign-in, sign-up, emails) and
 * Secure Token (fresh ID tokens), or the emulator, which serves both at its own address. Google's
 * popup reports back through a hidden iframe on the project's authDomain (the emulator's own
 * address under it), which the SDK opens with Google's gapi loader: a script from
 * https://apis.google.com/js/api.js that loads its iframe module from the same host. Without Google
 * sign-in the SDK opens neither, so neither is allowed.
 */
export function signInPolicySources(signIn: SignInSettings): Record<string, string[]> {
  if (signIn.provider !== 'firebase') return {};
  const emulator = signIn.emulatorHost ? [`http://${signIn.emulatorHost}`] : [];
  const api = { 'connect-src': ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...emulator] };
  if (!signIn.googleSignIn) return api;
  return { ...api, 'script-src': ['https://apis.google.com'], 'frame-src': [`https://${signIn.web.authDomain}`, ...emulator] };
}
