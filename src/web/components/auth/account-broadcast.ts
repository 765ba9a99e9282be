import type { QueryClient } from '@tanstack/react-query';
import { SESSION_KEY } from './use-session';

/** The shop's tabs in this browser tell each other when the account changed under them. */
const CHANNEL = 'flag-shop-account';
const EMAIL_VERIFIED = 'email-verified';

/** Called by the tab that opened the verification link: every other tab of the shop asks who is signed in again. */
export function announceEmailVerified(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(EMAIL_VERIFIED);
  channel.close();
}

/** Once per tab: hearing that the email was verified elsewhere refreshes the session, so checkout's banner goes by itself. */
export function followAccountNews(client: QueryClient): void {
  if (typeof BroadcastChannel === 'undefined') return;
  new BroadcastChannel(CHANNEL).addEventListener('message', (event: MessageEvent) => {
    if (event.data === EMAIL_VERIFIED) void client.invalidateQueries({ queryKey: SESSION_KEY });
  });
}
