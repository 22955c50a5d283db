import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const smtpCredentials = { username: 'sanidok', password: 'smtp-geheim-Ä1' };

export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  /** Resolves once `count` messages in total have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 on a free port: plain SMTP with AUTH PLAIN/LOGIN,
 * every message parsed with mailparser. Free of any test runner, so that the end-to-end tests
 * (e2e/passwordReset.spec.ts) use it too; `smtp.ts` closes it when a vitest file ends.
 */
export async function createSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === smtpCredentials.username && auth.password === smtpCredentials.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), parsed });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    port,
    received,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Nur ${received.length} von ${count} E-Mails angekommen`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close,
  };
}
