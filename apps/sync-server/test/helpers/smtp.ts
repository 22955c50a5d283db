import { afterAll } from 'vitest';
import type { TestSmtpServer } from './smtpCore';
import { createSmtpServer } from './smtpCore';

export type { ReceivedMail, TestSmtpServer } from './smtpCore';
export { smtpCredentials } from './smtpCore';

/** The loopback SMTP server of smtpCore.ts, closed when the test file ends. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const server = await createSmtpServer();
  afterAll(() => server.close());
  return server;
}
