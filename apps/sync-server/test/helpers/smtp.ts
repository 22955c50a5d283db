import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import type { AppConfig } from '../../src/config/config';
import { adminClient } from './admin';
import { smtpCredentials } from './smtpCore';
import { createTestApp } from './testApp';
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

/**
 * A test app whose platform admin (with both factors) has configured `smtp` as the active mail
 * server, as an operator would in the admin area: mails then really go out over loopback.
 */
export async function appWithSmtp(smtp: TestSmtpServer, overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await createTestApp(overrides);
  const admin = await adminClient(app);
  const configured = await admin.post('/api/admin/email-configurations', {
    name: 'Loopback', host: '127.0.0.1', port: smtp.port, useTLS: false, username: smtpCredentials.username, password: smtpCredentials.password,
    fromEmail: 'noreply@sanidok.example', isActive: true,
  });
  if (configured.statusCode !== 201) throw new Error(`SMTP nicht eingerichtet: ${configured.body}`);
  return app;
}
