import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../domain/errors';

export const rateLimitMessage = 'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.';

/**
 * Rate limiting is opt-in per route (`config.rateLimit`): sign-in and registration use
 * `app.config.authRateLimit` attempts per minute and client address.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new AppError(429, 'RATE_LIMITED', rateLimitMessage),
    });
  },
  { name: 'rate-limit', dependencies: ['database'] },
);

export const authRateLimit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
