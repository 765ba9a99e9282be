/**
 * GET /api/config/firebase (also /api/config/auth): how the browser signs shoppers in. With the
 * shop's own accounts it calls the shop; with Firebase it runs Firebase's SDK with this web config.
 */
export type SignInClientConfig =
  | { provider: 'accounts'; googleEnabled: boolean }
  | {
      provider: 'firebase';
      googleEnabled: boolean;
      firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
      /** The Firebase Auth emulator's address, for development and tests only. */
      authEmulatorUrl?: string;
    };
