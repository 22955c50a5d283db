import type { Browser, BrowserContext, ConsoleMessage, Page } from '@playwright/test';
import { expect, test as base } from '@playwright/test';

/**
 * A clean console. Every spec imports `test` and `expect` from here (not from
 * @playwright/test); an automatic fixture watches every page of the test — the default context's
 * and those of contexts the test opens itself — and fails the test on any console error or
 * uncaught error / unhandled rejection (Chromium reports both as `pageerror`) that the short
 * allow-list below does not name.
 */

interface Allowed {
  pattern: RegExp;
  why: string;
}

const allowList: readonly Allowed[] = [
  {
    // Chromium logs every 4xx answer of fetch() itself; the app handles them (wrong password 401,
    // refused write 409, rate limit 429, …) and the specs provoke them on purpose. 5xx is not here.
    pattern: /^Failed to load resource: the server responded with a status of 4\d\d/,
    why: 'expected API refusals, handled by the app',
  },
  {
    // Offline specs: Chromium logs each request it could not send while the context is offline or
    // a spec cuts the connection; the sync engine retries them.
    pattern: /^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE|FAILED|ABORTED)/,
    why: 'offline and fault-injection specs',
  },
];

const isAllowed = (text: string) => allowList.some((entry) => entry.pattern.test(text));

function watch(page: Page, problems: string[]): void {
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error' || isAllowed(message.text())) return;
    const { url, lineNumber } = message.location();
    problems.push(`console.error on ${page.url()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => {
    if (!isAllowed(error.message)) problems.push(`uncaught on ${page.url()}: ${error.name}: ${error.message}`);
  });
}

function watchContext(context: BrowserContext, problems: string[]): void {
  for (const page of context.pages()) watch(page, problems);
  context.on('page', (page) => watch(page, problems));
}

export const test = base.extend<{ consoleGuard: undefined }>({
  consoleGuard: [
    async ({ browser, context }: { browser: Browser; context: BrowserContext }, use: (value: undefined) => Promise<void>) => {
      const problems: string[] = [];
      watchContext(context, problems);
      // Contexts a test opens itself (a second device, a second user) are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const opened = await newContext(...args);
        watchContext(opened, problems);
        return opened;
      };
      const newPage = browser.newPage.bind(browser);
      browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
        const opened = await newPage(...args);
        watch(opened, problems);
        return opened;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
        browser.newPage = newPage;
      }
      expect(problems, 'console errors and uncaught errors (e2e/support/consoleGuard.ts)').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
