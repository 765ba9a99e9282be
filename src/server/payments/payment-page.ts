import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client';
import { checkouts } from '../db/schema';
import { isUuid } from '../http/ids';
import { escapeHtml } from '../lib/html';

/*
 * Pages the shop serves on the way to a payment: the sandbox's and the local fakes' payment pages,
 * and the page that hands the shopper to a provider that takes a form post (PayFast, Ozow).
 */

/** The shop's colours (src/web/styles.css), inline: the pages need no stylesheet request. */
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

/** A page in the shop's colours; `label` is a yellow note on top (a stand-in's "no real money moves"). */
export function paymentPageLayout({ title, shopName, label, body }: { title: string; shopName: string; label?: string; body: string }): string {
  return `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<header>${escapeHtml(shopName)}</header>
<main><div class="card">
${label ? `<p class="label" role="note">${escapeHtml(label)}</p>\n` : ''}${body}
</div></main>
</body>
</html>`;
}

const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

/** Sends a payment page, never cached, under a policy that allows its inline style and nothing else unless `policy` says. */
export function sendPaymentPage(reply: FastifyReply, status: number, html: string, policy: string = PAGE_POLICY): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', policy).send(html);
}

/** A payment page the shop closed, or one past its hour. */
export const CLOSED_MESSAGE =
  'The shop closed this payment page: a newer one was opened, the payment was cancelled, or the page expired. Nothing was charged. Go back to the shop to pay.';

/**
 * Whether a checkout may still be paid: open and within its hour. A provider whose page the shop
 * cannot close (PayFast, Ozow) is handed a checkout only then, so a link kept from an ended
 * checkout can never pay for flags already given back.
 */
export async function stillPayable(db: Pick<Database, 'select'>, checkoutId: string): Promise<boolean> {
  if (!isUuid(checkoutId)) return false;
  const [row] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'open'), gt(checkouts.expiresAt, new Date())));
  return row !== undefined;
}

/** The hand-over page of a checkout that can no longer be paid. */
export function sendClosedHandOver(reply: FastifyReply, shopName: string): FastifyReply {
  const html = paymentPageLayout({
    title: `Payment page closed – ${shopName}`,
    shopName,
    body: `<h1>This payment page is closed</h1>
<p>${escapeHtml(CLOSED_MESSAGE)}</p>
<a class="link" href="/checkout">Back to checkout</a>`,
  });
  return sendPaymentPage(reply, 409, html);
}

/** The one script of the hand-over page, allowed by its hash: it posts the form as soon as the page loads. */
const SUBMIT_SCRIPT = "document.getElementById('hand-over').submit();";
const SUBMIT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SUBMIT_SCRIPT).digest('base64')}'`;

export interface FormHandOver {
  /** The provider's page that takes the form: https://www.payfast.co.za/eng/process. */
  action: string;
  /** The fields in the order the provider signs them. */
  fields: ReadonlyArray<readonly [string, string]>;
  /** Who the shopper is being sent to: "PayFast". */
  providerLabel: string;
  /** "R1 162.00" */
  amount: string;
}

/**
 * Hands the shopper to a provider whose payment page takes a form post: the page posts the signed
 * fields at once, and without script shows a button that does the same. Only the provider's
 * address may receive the form.
 */
export function sendFormHandOver(reply: FastifyReply, shopName: string, handOver: FormHandOver): FastifyReply {
  const { action, fields, providerLabel, amount } = handOver;
  const inputs = fields.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('\n');
  const html = paymentPageLayout({
    title: `Paying ${amount} with ${providerLabel} – ${shopName}`,
    shopName,
    body: `<h1>Taking you to ${escapeHtml(providerLabel)}</h1>
<p class="amount">${escapeHtml(amount)}</p>
<p class="muted">You pay on ${escapeHtml(providerLabel)}'s secure page, then come back here.</p>
<form id="hand-over" method="post" action="${escapeHtml(action)}">
${inputs}
<button class="link" type="submit">Continue to ${escapeHtml(providerLabel)}</button>
</form>
<script>${SUBMIT_SCRIPT}</script>`,
  });
  const policy = `default-src 'none'; style-src 'unsafe-inline'; script-src ${SUBMIT_SCRIPT_HASH}; form-action ${new URL(action).origin}; base-uri 'none'; frame-ancestors 'none'`;
  return sendPaymentPage(reply, 200, html, policy);
}
