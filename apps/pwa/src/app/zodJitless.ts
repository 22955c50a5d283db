import { config } from 'zod/v4/core';

/**
 * Imported first by main.tsx, before any schema exists. zod 4 probes once whether
 * `new Function('')` is allowed, to compile faster object parsers; our CSP forbids eval, so the
 * probe shows up as a CSP violation (an inspector issue) on every page. The browser parses with
 * the interpreter instead; the server, without that CSP, keeps the compiled parsers.
 */
config({ jitless: true });
