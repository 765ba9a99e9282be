import { accountMessages } from '../../shared/schemas';

/**
 * better-auth's refusals reworded in the spec's error catalogue (section 8) where it gives a text.
 * Wrong password and unknown email stay one generic answer: see docs/decisions/0010-accounts.md.
 */
const shopMessages: Record<string, string> = {
  USER_ALREADY_EXISTS: accountMessages.emailTaken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: accountMessages.emailTaken,
  PASSWORD_TOO_SHORT: accountMessages.passwordTooShort,
  INVALID_EMAIL: accountMessages.email,
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
};

/** The message for an error body of better-auth ({message, code}); its own message when the spec has none. */
export function shopAuthMessage(code: string | undefined, message: string | undefined): string {
  // better-auth checks the body's shape first and names the field: '[body.email] Invalid email address'.
  if (code === 'VALIDATION_ERROR' && message?.startsWith('[body.email]')) return shopMessages.INVALID_EMAIL!;
  return (code && shopMessages[code]) ?? message ?? 'Authentication failed. Please try again.';
}
