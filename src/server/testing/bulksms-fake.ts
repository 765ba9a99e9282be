import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake for BulkSMS.com's JSON REST API v1, for tests: `POST /v1/messages` with HTTP
 * Basic auth (token id and secret) and a body `{to, body}`, answered `201` with the created
 * messages; errors as problem documents `{type, title, status, detail}`, as BulkSMS sends them.
 */

interface ReceivedSms {
  authorization: string | undefined;
  contentType: string | undefined;
  /** The query string, e.g. 'auto-unicode=true'. */
  query: string;
  body: unknown;
}

interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface BulkSmsFake {
  /** Give this as BULKSMS_API_URL. */
  apiUrl: string;
  tokenId: string;
  tokenSecret: string;
  /** Every request to /v1/messages, answered or not. */
  requests: ReceivedSms[];
  /** The messages it accepted (201). */
  accepted: { to: string; body: string }[];
  /** The next requests get these answers, in order, before the fake answers normally again. */
  answerNext(...answers: ScriptedAnswer[]): void;
  /** The next request gets no answer at all, as a hung server would do. */
  hangNext(): void;
  close(): Promise<void>;
}

const problem = (status: number, title: string, detail: string) => ({
  type: `https://developer.bulksms.com/json/v1/errors#${title.toLowerCase().replace(/\s+/g, '-')}`,
  title,
  status,
  detail,
});

export async function startBulkSmsFake(): Promise<BulkSmsFake> {
  const tokenId = `TOKEN${randomBytes(4).toString('hex').toUpperCase()}`;
  const tokenSecret = randomBytes(12).toString('hex');
  const expectedAuth = `Basic ${Buffer.from(`${tokenId}:${tokenSecret}`).toString('base64')}`;
  const requests: ReceivedSms[] = [];
  const accepted: { to: string; body: string }[] = [];
  const scripted: ScriptedAnswer[] = [];
  let hang = false;
  let nextId = 1;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        const type = status >= 400 ? 'application/problem+json' : 'application/json';
        res.writeHead(status, { 'content-type': type, ...headers }).end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || url.pathname !== '/v1/messages') return reply(404, problem(404, 'Not Found', 'No such resource'));
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      requests.push({ authorization: req.headers.authorization, contentType: req.headers['content-type'], query: url.search.slice(1), body });
      if (hang) {
        hang = false;
        return;
      }
      const answer = scripted.shift();
      if (answer) return reply(answer.status, answer.body ?? problem(answer.status, 'Scripted', 'Scripted answer'), answer.headers);
      if (req.headers.authorization !== expectedAuth) return reply(401, problem(401, 'Unauthorized', 'Invalid credentials'));
      const message = body as { to?: unknown; body?: unknown } | undefined;
      if (typeof message?.to !== 'string' || typeof message.body !== 'string') {
        return reply(400, problem(400, 'Bad Request', 'to and body are required'));
      }
      accepted.push({ to: message.to, body: message.body });
      reply(201, [
        {
          id: String(nextId++),
          type: 'SENT',
          from: '',
          to: message.to,
          body: message.body,
          encoding: 'TEXT',
          protocolId: 0,
          messageClass: 2,
          numberOfParts: 1,
          creditCost: 1,
          submission: { id: `2-${nextId}`, date: new Date().toISOString() },
          status: { id: 'ACCEPTED.null', type: 'ACCEPTED', subtype: null },
        },
      ]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    tokenId,
    tokenSecret,
    requests,
    accepted,
    answerNext: (...answers) => {
      scripted.push(...answers);
    },
    hangNext: () => {
      hang = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
