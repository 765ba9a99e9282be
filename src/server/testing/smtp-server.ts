import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the loopback server received it. */
export interface ReceivedMail {
  /** RCPT TO addresses. */
  recipients: string[];
  /** Unfolded header lines by lower-case name (the first of each). */
  headers: Record<string, string>;
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Refuse the next n messages with a temporary error, as a busy mail server would. */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A real SMTP server on 127.0.0.1 (any free port), for tests of the SMTP mailer and the outbox. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          callback(Object.assign(new Error('try later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ recipients: session.envelope.rcptTo.map((r) => r.address), headers: parseHeaders(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (n) => {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
