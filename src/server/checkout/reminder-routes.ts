import type { FastifyError, FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { DomainError, InvalidInputError, UnsupportedMediaTypeError } from '../errors';
import { fromAnySite } from '../http/cross-site';
import { sendErrorAsJson } from '../http/errors';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { escapeHtml } from '../lib/html';
import { paymentPageLayout, sendPaymentPage } from '../payments/payment-page';
import { OPT_OUT_PATH, optOutMessages, type CheckoutReminders } from './reminders';

declare module 'fastify' {
  interface FastifyInstance {
    /** One run of the checkout reminders, as the background job runs it; tests call it with their own clock. */
    sendCheckoutReminders(now?: Date): ReturnType<CheckoutReminders['sendDue']>;
  }
}

const optOutWords = {
  notOneClick: 'An opt-out is confirmed with the button on the opt-out page, which sends List-Unsubscribe=One-Click.',
  formOnly: 'An opt-out is a form post (application/x-www-form-urlencoded) with List-Unsubscribe=One-Click.',
} as const;

/** The link's two parts, one of each: anything else is not a link the shop sent. */
const optOutLink = z.object(
  {
    email: z.string({ error: optOutMessages.invalid }).trim().min(3, optOutMessages.invalid).max(254, optOutMessages.invalid),
    token: z.string({ error: optOutMessages.invalid }).regex(/^[A-Za-z0-9_-]{43}$/, optOutMessages.invalid),
  },
  { error: optOutMessages.invalid },
);

/** A one-click body is 26 bytes; a form's few more. */
const BODY_LIMIT_BYTES = 1024;
/** The page's inline style, and its form posting back here; nothing else. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const FRAMEWORK_WORDS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length',
};

function page(reply: FastifyReply, status: number, shopName: string, heading: string, body: string): FastifyReply {
  const html = paymentPageLayout({ title: `${heading} – ${shopName}`, shopName, body: `<h1>${escapeHtml(heading)}</h1>\n${body}` });
  return sendPaymentPage(reply, status, html, PAGE_POLICY);
}

export interface ReminderRouteDeps {
  reminders: CheckoutReminders;
  /** createRequireAdmin(identity, admins): 401 signed out, 403 for anyone but an admin. */
  requireAdmin: preHandlerAsyncHookHandler;
  shopName: string;
}

/** The reminder's opt-out page and its one-click post, and the order desk's figure of reminders. */
export async function reminderRoutes(app: FastifyInstance, { reminders, requireAdmin, shopName }: ReminderRouteDeps): Promise<void> {
  app.decorate('sendCheckoutReminders', (now?: Date) => reminders.sendDue(now));

  await app.register(async (desk) => {
    desk.addHook('preHandler', requireAdmin);
    serve(desk, 'checkoutReminders', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return reminders.figures();
    });
  });

  await app.register(async (optOut) => {
    // Only a form is read here: JSON or anything else is refused in words before the handler.
    optOut.removeAllContentTypeParsers();
    optOut.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    optOut.addContentTypeParser('*', (_request, _body, done) => done(new UnsupportedMediaTypeError(optOutWords.formOnly)));
    // A person may be reading: every refusal is a page in words; the unexpected stays the shop's 500.
    optOut.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error instanceof DomainError ? error.status : (error.statusCode ?? 500);
      if (status < 400 || status >= 500) return sendErrorAsJson(error, request, reply);
      const words = error instanceof DomainError ? error.message : (FRAMEWORK_WORDS[error.code] ?? optOutMessages.invalid);
      return page(reply, status, shopName, 'This link cannot be used', `<p>${escapeHtml(words)}</p>`);
    });

    // A GET changes nothing: mail scanners open every link in an email, and must not opt anyone out.
    optOut.get(OPT_OUT_PATH, async (request, reply) => {
      const { email, token } = parseInput(optOutLink, request.query);
      const address = reminders.checkOptOut(email, token);
      const action = `${OPT_OUT_PATH}?${new URLSearchParams({ email: address, token })}`;
      return page(
        reply,
        200,
        shopName,
        'Stop checkout reminders?',
        `<p>We send a checkout reminder only when you ask for one at checkout. Press the button and we send no more to <strong>${escapeHtml(address)}</strong>. Order emails still come.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button class="link" type="submit">Stop checkout reminders</button></form>`,
      );
    });

    // RFC 8058's one-click, and the page's button. The guard's cross-site refusal is lifted here
    // alone: a mail provider posts from its own servers or the reader's mail app, never from the
    // shop's pages, and the signed link, not a session, is what allows it.
    optOut.post(OPT_OUT_PATH, fromAnySite, async (request, reply) => {
      const { email, token } = parseInput(optOutLink, request.query);
      reminders.checkOptOut(email, token);
      // List-Unsubscribe=One-Click: what RFC 8058 has mail providers post, and the page's own button.
      if (typeof request.body !== 'string' || new URLSearchParams(request.body).get('List-Unsubscribe') !== 'One-Click') {
        throw new InvalidInputError(optOutWords.notOneClick);
      }
      const address = await reminders.optOut(email, token);
      // A replay answers the same: the address is on the list either way.
      return page(reply, 200, shopName, 'You will get no more checkout reminders', `<p>We will send no more checkout reminders to <strong>${escapeHtml(address)}</strong>. Order emails still come.</p>
<a class="link" href="/">Back to ${escapeHtml(shopName)}</a>`);
    });
  });
}
