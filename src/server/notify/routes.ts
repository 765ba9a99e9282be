import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../errors';
import { escapeHtml } from '../lib/html';
import { attachmentName } from '../lib/outbox-messages';
import type { DevMailbox, MailboxEmail, MailboxMessage, MailboxSms } from './mailbox';

const idSchema = z.uuid();

/**
 * The mailbox's own pages and the emails in them: no script at all; inline styles, which emails
 * are made of (the previews are srcdoc frames, which inherit this policy).
 */
const MAILBOX_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const shownTime = new Intl.DateTimeFormat('en-ZA', {
  timeZone: 'Africa/Johannesburg',
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** Escaped text with its web addresses turned into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>]+/g, (url) => `<a href="${url}" target="_blank" rel="noopener">${url}</a>`);
}

/**
 * Our own HTML, framed without scripts; `<base target="_top">` makes its links open in the
 * mailbox's window rather than inside the small frame.
 */
function preview(message: MailboxEmail): string {
  const srcdoc = `<base target="_top">${message.html}`;
  return `<iframe title="${escapeHtml(message.subject)}" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(srcdoc)}"></iframe>`;
}

const sentAt = (m: MailboxMessage) => `<dt>Sent</dt><dd><time datetime="${m.sentAt.toISOString()}">${escapeHtml(shownTime.format(m.sentAt))}</time></dd>`;

/** What the email carried, each a link to the file as it went out. */
function attachmentLinks(m: MailboxEmail): string {
  if (!m.attachments?.length) return '';
  const links = m.attachments.map((a, n) => `<a href="/dev/mailbox/${m.id}/attachments/${n}">${escapeHtml(attachmentName(a))} (PDF)</a>`);
  return `<p>Attached: ${links.join(', ')}</p>
`;
}

/** The email's own headers (a reminder's List-Unsubscribe), as a mail provider would read them. */
const headerRows = (m: MailboxEmail) =>
  Object.entries(m.headers ?? {})
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd><code>${escapeHtml(value)}</code></dd>`)
    .join('');

function renderEmail(m: MailboxEmail): string {
  return `<article>
<h2><span class="kind">Email</span> <a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></h2>
<dl><dt>To</dt><dd>${escapeHtml(m.to)}</dd>${m.replyTo ? `<dt>Reply-To</dt><dd>${escapeHtml(m.replyTo)}</dd>` : ''}${headerRows(m)}${sentAt(m)}</dl>
${preview(m)}
${attachmentLinks(m)}<details><summary>Text version</summary><pre>${linkify(m.text)}</pre></details>
</article>`;
}

/** A text is shown whole, as the phone would show it. */
function renderSms(m: MailboxSms): string {
  return `<article class="sms">
<h2><span class="kind">SMS</span> Text message</h2>
<dl><dt>To</dt><dd>${escapeHtml(m.to)}</dd>${sentAt(m)}<dt>Length</dt><dd>${m.body.length} characters</dd></dl>
<pre>${linkify(m.body)}</pre>
</article>`;
}

function renderMailbox(messages: MailboxMessage[]): string {
  const items = messages.map((m) => (m.kind === 'sms' ? renderSms(m) : renderEmail(m))).join('\n');
  return `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:0 auto;padding:16px;color:#1a1a1a}article{border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:16px 0}h2{font-size:18px;margin:0 0 8px}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px}dt{font-weight:bold}dd{margin:0}iframe{width:100%;height:420px;border:1px solid #eee}pre{white-space:pre-wrap}.kind{display:inline-block;font-size:12px;padding:1px 6px;border-radius:4px;background:#e8f3ee;color:#005a38;vertical-align:middle}.sms .kind{background:#fff4d6;color:#6b4d00}.sms pre{background:#f5f5f5;padding:8px 12px;border-radius:8px;margin:0}</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Every email the shop sent while <code>SMTP_URL</code> is unset, and every text message while <code>SMS_PROVIDER</code> is <code>dev-mailbox</code>, newest first (${messages.length}). Set <code>SMTP_URL</code> to send real mail and <code>SMS_PROVIDER=bulksms</code> to send real texts. <a href="/dev/mailbox.json">JSON</a></p>
${items || '<p>No messages yet.</p>'}
</body>
</html>`;
}

/**
 * Registered only while SMTP_URL is unset: there is nothing to show once mail really leaves. Texts
 * kept by the dev-mailbox SMS provider in a shop with real mail are not shown either: such a shop
 * is live, and its customers' phone numbers do not belong on an open page.
 */
export function devMailboxRoutes(app: FastifyInstance, mailbox: DevMailbox): void {
  app.get('/dev/mailbox', async (_request, reply) => {
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', MAILBOX_POLICY)
      .send(renderMailbox(await mailbox.list()));
  });

  app.get('/dev/mailbox.json', async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ messages: await mailbox.list() });
  });

  app.get<{ Params: { id: string; n: string } }>('/dev/mailbox/:id/attachments/:n', async (request, reply) => {
    const n = Number(request.params.n);
    if (!idSchema.safeParse(request.params.id).success || !Number.isInteger(n) || n < 0 || n > 20) throw new NotFoundError('Attachment not found');
    const file = await mailbox.attachment(request.params.id, n);
    return reply
      .type(file.contentType)
      .header('cache-control', 'no-store')
      .header('content-disposition', `inline; filename="${file.filename}"`)
      .send(file.content);
  });

  /** One message's HTML as a page of its own, links and all. */
  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', async (request, reply) => {
    if (!idSchema.safeParse(request.params.id).success) throw new NotFoundError('Message not found');
    const message = await mailbox.getEmail(request.params.id);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', MAILBOX_POLICY)
      .send(message.html);
  });
}
