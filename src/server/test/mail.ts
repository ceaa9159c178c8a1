import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { deliverAllDue, mailOutbox } from '../features/mail/service.ts';
import type { HttpAgent } from './http-agent.ts';

/**
 * A real SMTP server on 127.0.0.1 for tests: it takes what the app sends (with the credentials
 * SMTP_URL names), parses each message, and can refuse recipients to play a mail server that is
 * away.
 */
export interface TestMailServer {
  /** The SMTP_URL that reaches it. */
  url: string;
  received: ParsedMail[];
  /** While set, every recipient is refused with a temporary failure. */
  refusing: boolean;
  /** Resolves with the first message (already received or still to come) that `matches` accepts. */
  waitFor(matches: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export const SMTP_USER = 'betbro';
export const SMTP_PASSWORD = 'smtp pass/word';

export async function startMailServer(): Promise<TestMailServer> {
  const received: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const state: TestMailServer = {
    url: '',
    received,
    refusing: false,
    waitFor: (matches, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${received.length})`));
        }, timeoutMs);
        function check() {
          const found = received.find(matches);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        }
        waiters.add(check);
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      const refusal = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
      refusal.responseCode = 451;
      callback(refusal);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          for (const waiter of [...waiters]) waiter();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`;
  return state;
}

/** Waits for mail requests queued in the background, then delivers everything due, as the sender does. */
export async function drainMail(app: FastifyInstance): Promise<number> {
  await app.backgroundWork.drain(5_000);
  return deliverAllDue(app);
}

/** The token of the link to `path` in a mail's text (`/verify-email`, `/reset-password`). */
export function tokenIn(text: string | undefined, path: string): string {
  const match = new RegExp(`/${path.replace(/^\//, '')}\\?token=([A-Za-z0-9_-]+)`).exec(text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

/**
 * The token of the latest `path` link queued for `to`, read from the outbox: for tests about
 * something else that need a verified email, where no mail server runs.
 */
export async function latestMailedToken(app: FastifyInstance, to: string, path: string): Promise<string> {
  await app.backgroundWork.drain(5_000);
  const rows = await app.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id));
  const row = rows.find((r) => r.text.includes(`/${path.replace(/^\//, '')}?token=`));
  return tokenIn(row?.text, path);
}

/**
 * Follows the verification link mailed to `to`, as its owner would: signed in to that account
 * (`agent`), the only session in which it counts.
 */
export async function verifyEmailOf(app: FastifyInstance, to: string, agent: HttpAgent): Promise<void> {
  const token = await latestMailedToken(app, to, '/verify-email');
  const response = await agent.post('/api/account/verify-email', { token });
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
}
