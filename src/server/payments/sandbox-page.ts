import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutReference } from '../../shared/checkout';
import { formatRand } from '../../shared/money';
import { DomainError } from '../errors';
import { escapeHtml } from '../lib/html';
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
/** Pay or Decline on a page the shop closed. */
export const CLOSED_MESSAGE =
  'The shop closed this payment page: a newer one was opened, the payment was cancelled, or the page expired. Nothing was charged. Go back to the shop to pay.';

/** The shop's colours (src/web/styles.css), inline: the page needs no script and no stylesheet request. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;background:#f8fafc;color:#0f172a}
header{background:#00703f;color:#fff;padding:14px 20px;font-weight:700;font-size:18px}
main{max-width:480px;margin:32px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(15,23,42,.08)}
.label{background:#ffc94d;color:#3d2b00;border-radius:8px;padding:10px 12px;font-weight:600;margin:0 0 20px}
h1{font-size:20px;margin:0 0 4px}
.muted{color:#475569;font-size:14px;margin:0}
.amount{font-size:36px;font-weight:800;margin:16px 0;color:#003d25}
table{width:100%;border-collapse:collapse;font-size:14px;margin:0 0 20px}
td,th{padding:6px 0;border-bottom:1px solid #f1f5f9}
td:last-child{text-align:right;white-space:nowrap}
tfoot th,tfoot td{font-weight:700;text-align:left;border-bottom:0}
tfoot td:last-child{text-align:right}
form{margin:0}
.actions{display:grid;gap:10px}
button,.link{display:block;width:100%;border-radius:8px;padding:12px 16px;font-size:16px;font-weight:600;cursor:pointer;text-align:center;text-decoration:none;border:1px solid transparent}
.pay{background:#00703f;color:#fff}
.pay:hover{background:#00603a}
.decline{background:#fff;color:#b91c1c;border-color:#fca5a5}
.cancel{background:#fff;color:#334155;border-color:#cbd5e1}
.link{background:#00703f;color:#fff;margin-top:16px}
:focus-visible{outline:2px solid #00703f;outline-offset:2px}
`;

function layout(title: string, shopName: string, body: string): string {
  return `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<header>${escapeHtml(shopName)}</header>
<main><div class="card">
<p class="label" role="note">${escapeHtml(SANDBOX_LABEL)}</p>
${body}
</div></main>
</body>
</html>`;
}

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
    return layout(`Paid ${formatRand(checkout.amountCents)} – ${shopName}`, shopName, `<h1>Payment complete</h1>${reference}
<p class="amount">${amount}</p>
<p>This checkout is paid.</p>
<a class="link" href="${escapeHtml(checkout.successUrl)}">Return to ${escapeHtml(shopName)}</a>`);
  }
  if (checkout.status === 'failed') {
    return layout(`Payment declined – ${shopName}`, shopName, `<h1>Payment declined</h1>${reference}
<p class="amount">${amount}</p>
<p>The card was declined. Go back to the shop to try again.</p>
<a class="link" href="${escapeHtml(checkout.failureUrl)}">Return to ${escapeHtml(shopName)}</a>`);
  }
  if (checkout.status === 'cancelled') {
    return layout(`Payment page closed – ${shopName}`, shopName, `<h1>This payment page is closed</h1>${reference}
<p class="amount">${amount}</p>
<p>${escapeHtml(CLOSED_MESSAGE)}</p>
<a class="link" href="${escapeHtml(checkout.cancelUrl)}">Return to ${escapeHtml(shopName)}</a>`);
  }
  return layout(`Pay ${formatRand(checkout.amountCents)} – ${shopName}`, shopName, `<h1>Pay ${escapeHtml(shopName)}</h1>${reference}
<p class="amount">${amount}</p>
${lines(checkout)}
<div class="actions">
<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay ${amount}</button></form>
<form method="post" action="${action('decline')}"><button class="decline" type="submit">Decline (a refused card)</button></form>
<form method="post" action="${action('cancel')}"><button class="cancel" type="submit">Cancel and return to the shop</button></form>
</div>`);
}

/** A page for a payment that does not exist or cannot take that step. */
function renderSandboxProblem(heading: string, message: string, shopName: string): string {
  return layout(`${heading} – ${shopName}`, shopName, `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(message)}</p>
<a class="link" href="/">Go to ${escapeHtml(shopName)}</a>`);
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'")
    .send(html);
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
      return sendPage(reply, err.status, renderSandboxProblem(heading, err.message, shopName));
    };

    scope.get<{ Params: { id: string } }>(`${SANDBOX_PAGE_PATH}/:id`, async (request, reply) => {
      const checkout = await sandbox.find(request.params.id);
      if (!checkout) {
        return sendPage(reply, 404, renderSandboxProblem('Payment not found', 'This payment link is not known. Start again from the checkout.', shopName));
      }
      return sendPage(reply, 200, renderSandboxPayment(checkout, shopName));
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
