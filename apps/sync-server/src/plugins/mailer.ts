import fp from 'fastify-plugin';
import { deliverQueuedMails } from '../domain/mail/mailer';
import { onMailQueue } from '../domain/mail/outbox';
import { minutes } from '../domain/time';

export interface MailerService {
  /** Sends everything queued so far and resolves when done (tests, shutdown). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: MailerService;
  }
}

/**
 * The one mailer (nodemailer, with the active SMTP configuration). Actions queue their mails in
 * their own transaction (domain/mail/outbox.ts); this plugin sends them right after the commit,
 * outside the request, so a slow or missing SMTP server never delays or fails an action. Every
 * send is logged as sent or error (email_logs). Leftovers (a restart) go out at start and every
 * minute.
 */
export const mailerPlugin = fp(
  (app) => {
    let closing = false;
    let running: Promise<void> | null = null;
    let again = false;

    // A function, not an inline condition: `again` and `closing` change while a delivery is awaited.
    const keepGoing = () => again && !closing;
    const drain = (): Promise<void> => {
      if (running) {
        again = true;
        return running;
      }
      if (closing) return Promise.resolve();
      running = (async () => {
        try {
          do {
            again = false;
            await deliverQueuedMails(app.db, app.config.dataKey);
          } while (keepGoing());
        } catch (error) {
          app.log.error({ err: error }, 'E-Mail-Versand fehlgeschlagen');
        } finally {
          running = null;
        }
      })();
      return running;
    };

    let queuedInRequest = false;
    const unsubscribe = onMailQueue({
      // Inside the action's transaction. SQLite: the first query of the drain waits for the
      // commit on the one connection. PostgreSQL: the drain runs on another connection and may
      // miss the uncommitted rows, so the response hook below drains again once the action is done.
      queued: () => {
        queuedInRequest = true;
        setImmediate(() => void drain());
      },
      failed: (error) => app.log.error({ err: error }, 'E-Mail konnte nicht eingereiht werden'),
    });
    const timer = setInterval(() => void drain(), minutes(1));
    timer.unref();

    app.decorate('mailer', {
      flush: async () => {
        await drain();
        while (running) await running;
      },
    });
    app.addHook('onResponse', () => {
      if (queuedInRequest) {
        queuedInRequest = false;
        void drain();
      }
      return Promise.resolve();
    });
    // Not awaited: the start never waits for an SMTP server.
    app.addHook('onReady', () => {
      void drain();
      return Promise.resolve();
    });
    app.addHook('onClose', async () => {
      closing = true;
      unsubscribe();
      clearInterval(timer);
      while (running) await running;
    });
    return Promise.resolve();
  },
  { name: 'mailer', dependencies: ['database'] },
);
