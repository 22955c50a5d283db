import path from 'node:path';
import { test } from '@playwright/test';

/**
 * The e2e suite runs in lanes (playwright.config.ts): each lane has its own server, database and
 * data folder, and runs its spec files one after another, so specs that change the server's global
 * state (beta mode, the admin's second factor, mail settings) never meet a spec of another lane.
 * These read the running test's lane.
 */
const root = path.resolve(import.meta.dirname, '../..');

/** The lane's data folder (relative to the repository), e.g. `e2e/.data`. */
export function laneDataDir(): string {
  const dataDir = (test.info().project.metadata as { dataDir?: unknown }).dataDir;
  if (typeof dataDir !== 'string') throw new Error('Projekt ohne dataDir in playwright.config.ts');
  return dataDir;
}

/** The lane server's SQLite file, absolute. */
export function laneDatabaseFile(): string {
  return path.join(root, laneDataDir(), 'sanidok.db');
}

/** The lane server's address. */
export function laneBaseURL(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('Projekt ohne baseURL in playwright.config.ts');
  return baseURL;
}
