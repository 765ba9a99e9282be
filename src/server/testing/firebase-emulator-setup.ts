import type { TestProject } from 'vitest/node';
import { launchOrShareFirebaseEmulator } from './firebase-emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth emulator this run started; wait for it with emulatorAnswers. */
    firebaseEmulatorHost: string;
  }
}

/**
 * Starts the Firebase Auth emulator for the suites of AUTH_PROVIDER=firebase without waiting for
 * it (or takes the one npm test shares): it takes 12-25 s to start, which the other suites use.
 * Those suites wait for it themselves.
 */
export default async function startFirebaseEmulatorForRun(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await launchOrShareFirebaseEmulator();
  project.provide('firebaseEmulatorHost', emulator.host);
  return () => emulator.stop();
}
