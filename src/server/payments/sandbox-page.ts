import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutReference } from '../../shared/checkout';
import { formatRand } from '../../shared/money';
import { DomainError } from '../errors';
import { escapeHtml } from '../lib/html';
import { CLOSED_MESSAGE, paymentPageLayout, sendPaymentPage } from './payment-page';
import type { sandboxCheckouts } from '../db/schema';

/** A checkout behind a sandbox payment page, as the sandbox keeps it. */
export type SandboxCheckout = typeof sandboxCheckouts.$inferSelect;

/** What the payment page asks of the sandbox (sandbox.ts). */
export interface SandboxPaymentPage {
  /** The checkout behind a payment page; undefined when there is none. */
  find(checkoutId: string): Promise<SandboxCheckout | undefined>;
  /** Pay: marks it completed, sends payment.succeeded, answers the success URL. */
  pay(checkoutId: string): Promise<{ redirectUrl: string }>;
  /** Cancel: nothing changes, the shopper goes back to the cancel URL. */
  cancel(checkoutId: string): Promise<{ redirectUrl: string }>;
  /** Decline: marks it failed, answers the failure URL. */
  decline(checkoutId: string): Promise<{ redirectUrl: string }>;
}

export const SANDBOX_LABEL = 'Sandbox payment — no real money moves';
export const SANDBOX_PAGE_PATH = '/sandbox-pay';

function lines(checkout: SandboxCheckout): string {
  if (checkout.lineItems.length === 0) return '';
  const rows = checkout.lineItems
    .map((l) => `<tr><td>${escapeHtml(l.displayName)} × ${l.quantity}</td><td>${escapeHtml(formatRand(l.priceCents * l.quantity))}</td></tr>`)
    .join('');
  const total = `<tfoot><tr><th scope="row">Total</th><td>${escapeHtml(formatRand(checkout.amountCents))}</td></tr></tfoot>`;
  return `<table aria-label="What you are paying for"><tbody>${rows}</tbody>${total}</table>`;
}

/** The hosted payment page: the amount, and Pay, Decline and Cancel, each a plain form. */
function renderSandboxPayment(checkout: SandboxCheckout, shopName: string): string {
  const amount = escapeHtml(formatRand(checkout.amountCents));
  // The shop's checkout id, in the short form its payment failed and cancelled pages quote.
  const reference = checkout.externalId ? `<p class="muted">Payment reference: ${escapeHtml(checkoutReference(checkout.externalId))}</p>` : '';
  const action = (name: string) => `/sandbox-pay/${encodeURIComponent(checkout.id)}/${name}`;
  if (checkout.status === 'completed') {
    return sandboxLayout(`Paid ${formatRand(checkout.amountCents)} – ${shopName}`, shopName, `<h1>Payment complete</h1>${reference}
<p class="amount">${amount}</p>
<p>This checkout is paid.</p>
<a class="link" href="${escapeHtml(checkout.successUrl)}">Return to ${escapeHtml(shopName)}</a>`);
  }
  if (checkout.status === 'failed') {
    return sandboxLayout(`Payment declined – ${shopName}`, shopName, `<h1>Payment declined</h1>${reference}
<p class="amount">${amount}</p>
<p>The card was declined. Go back to the shop to try again.</p>
<a class="link" href="${escapeHtml(checkout.failureUrl)}">Return to ${escapeHtml(shopName)}</a>`);
  }
  if (checkout.status === 'cancelled') {
    return sandboxLayout(`Payment page closed – ${shopName}`, shopName, `<h1>This payment page is closed</h1>${reference}
<p class="amount">${amount}</p>
<p>${escapeHtml(CLOSED_MESSAGE)}</p>
<a class="link" href="${escapeHtml(checkout.cancelUrl)}">Return to ${escapeHtml(shopName)}</a>`);
  }
  return sandboxLayout(`Pay ${formatRand(checkout.amountCents)} – ${shopName}`, shopName, `<h1>Pay ${escapeHtml(shopName)}</h1>${reference}
<p class="amount">${amount}</p>
${lines(checkout)}
<div class="actions">
<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay ${amount}</button></form>
<form method="post" action="${action('decline')}"><button class="decline" type="submit">Decline (a refused card)</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Cancel and return to the shop</button></form>
</div>`);
}

const sandboxLayout = (title: string, shopName: string, body: string) => paymentPageLayout({ title, shopName, label: SANDBOX_LABEL, body });

/** A page for a payment that does not exist or cannot take that step. */
function renderSandboxProblem(heading: string, message: string, shopName: string): string {
  return sandboxLayout(`${heading} – ${shopName}`, shopName, `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(message)}</p>
<a class="link" href="/">Go to ${escapeHtml(shopName)}</a>`);
}

const problemHeadings: Record<number, string> = { 404: 'Payment not found', 409: 'This payment is closed' };

/** The sandbox's hosted payment page and its three buttons. */
export function sandboxPaymentRoutes(app: FastifyInstance, sandbox: SandboxPaymentPage, shopName: string): void {
  void app.register(async (scope) => {
    // The buttons are plain HTML forms; their (empty) bodies are not read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    const problem = (reply: FastifyReply, err: unknown) => {
      if (!(err instanceof DomainError)) throw err;
      const heading = problemHeadings[err.status] ?? 'Payment problem';
      return sendPaymentPage(reply, err.status, renderSandboxProblem(heading, err.message, shopName));
    };

    scope.get<{ Params: { id: string } }>(`${SANDBOX_PAGE_PATH}/:id`, async (request, reply) => {
      const checkout = await sandbox.find(request.params.id);
      if (!checkout) {
        return sendPaymentPage(reply, 404, renderSandboxProblem('Payment not found', 'This payment link is not known. Start again from the checkout.', shopName));
      }
      return sendPaymentPage(reply, 200, renderSandboxPayment(checkout, shopName));
    });

    for (const step of ['pay', 'cancel', 'decline'] as const) {
      scope.post<{ Params: { id: string } }>(`${SANDBOX_PAGE_PATH}/:id/${step}`, async (request, reply) => {
        try {
          const { redirectUrl } = await sandbox[step](request.params.id);
          // 303: the browser follows with a GET, as after Yoco's own page.
          return reply.redirect(redirectUrl, 303);
        } catch (err) {
          return problem(reply, err);
        }
      });
    }
  });
}
