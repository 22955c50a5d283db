import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError } from './config/config';
import { loadConfig } from './config/loadConfig';
import { ensureFirstAdmin } from './domain/accounts/bootstrapAdmin';

/** The built PWA, next to this bundle in the repository layout: apps/pwa/dist. */
const defaultStaticDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../pwa/dist');

async function main(): Promise<void> {
  const config = loadConfig();
  config.staticDir ??= defaultStaticDir;
  const app = await buildApp(config);

  const bootstrap = await ensureFirstAdmin(app.db, config.admin);
  if (bootstrap.kind === 'created') {
    const line = '='.repeat(64);
    const secret = bootstrap.generatedPassword
      ? `Passwort: ${bootstrap.generatedPassword}\n  Dieses Passwort wird nur jetzt angezeigt. Bitte nach der Anmeldung ändern.`
      : 'Passwort: aus ADMIN_PASSWORD';
    const twoFactor = 'Vor dem ersten Zugriff auf den Administrationsbereich unter „Einstellungen“ die Zwei-Faktor-Anmeldung einrichten.';
    console.log(`${line}\nPlattform-Administrator angelegt\n  Benutzername: ${bootstrap.username}\n  ${secret}\n  ${twoFactor}\n${line}`);
  }

  const close = async (signal: string) => {
    app.log.info(`${signal} empfangen, Server wird beendet`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`SaniDok läuft auf http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Start fehlgeschlagen:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
