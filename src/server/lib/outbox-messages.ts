/**
 * What the outbox keeps for each message it is to send (the payload of an outbox row): the database
 * schema, the order transitions that queue messages and the senders all read these, so they live
 * apart from any of them.
 */

/**
 * A file an email carries, kept in the outbox as what it is made from and printed when the email is
 * sent: a tax document by its serial (issued documents never change, so every retry carries the
 * same file), or the pro-forma invoice of an order awaiting its bank transfer, by the order number.
 */
export type EmailAttachment = { taxDocument: string } | { proForma: string };

/** What the dev mailbox calls an attachment: INV-000001, or 'Pro-forma invoice CF-1001'. */
export function attachmentName(attachment: EmailAttachment): string {
  return 'taxDocument' in attachment ? attachment.taxDocument : `Pro-forma invoice ${attachment.proForma}`;
}

/** An attachment as it goes out: the file made from an EmailAttachment when the email is sent. */
export interface AttachedFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * Makes the files an email carries from what the outbox kept of them (tax/attachments.ts prints the
 * tax documents and pro-forma invoices); given to the outbox and the dev mailbox, which do not know
 * what the files are.
 */
export type AttachmentFiles = (attachments: EmailAttachment[]) => Promise<AttachedFile[]>;

/** One email as the outbox keeps it (the row's payload). The sender is the mailer's own. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: EmailAttachment[];
  /**
   * Headers of its own, by name: a checkout reminder's List-Unsubscribe and List-Unsubscribe-Post
   * (RFC 8058), which mail providers ask of mail a person can stop.
   */
  headers?: Record<string, string>;
}

/** One text message as the outbox keeps it (the row's payload when kind is 'sms'). */
export interface SmsMessage {
  /** E.164, e.g. +27821234567. */
  to: string;
  body: string;
}
