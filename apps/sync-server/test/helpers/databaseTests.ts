/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which server test files the PostgreSQL pass runs (vitest.config.ts, scripts/lib.sh): those whose
 * imports reach a database — src/db/ (every app, command and query opens one through it) or the
 * test database helper. A test that opens no database checks nothing that could differ between
 * SQLite and PostgreSQL (config parsing, TOTP, the folder rules, serialisers), and runs once, on
 * the SQLite pass. The rule follows imports, type imports excepted, through any number of files;
 * test/helpers/databaseTests.test.ts checks it against what the files do.
 */
const importPattern = /(?:\bimport\s+(?!type\b)[^'"]*?\bfrom\s*|\bexport\s+(?!type\b)[^'"]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => existsSync(file) && file.match(/\.tsx?$/));
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every test file below `root`/test, relative to `root`, sorted. */
export function serverTestFiles(root: string): string[] {
  const appRoot = path.resolve(root);
  return testFiles(path.join(appRoot, 'test')).map((file) => path.relative(appRoot, file)).sort();
}

/** The test files below `root`/test that reach a database, relative to `root`, sorted. */
export function databaseTestFiles(root: string): string[] {
  const appRoot = path.resolve(root);
  const dbFolder = path.join(appRoot, 'src', 'db') + path.sep;
  const testDatabase = path.join(appRoot, 'test', 'helpers', 'testDatabase.ts');
  const reaches = new Map<string, boolean>();
  const reachesDatabase = (file: string, visiting: Set<string>): boolean => {
    const known = reaches.get(file);
    if (known !== undefined) return known;
    if (file.startsWith(dbFolder) || file === testDatabase) return true;
    if (visiting.has(file)) return false;
    visiting.add(file);
    let found = false;
    for (const match of readFileSync(file, 'utf8').matchAll(importPattern)) {
      const target = resolveImport(file, match[1] ?? '');
      if (target && reachesDatabase(target, visiting)) {
        found = true;
        break;
      }
    }
    visiting.delete(file);
    // Only a definite answer is remembered: a "no" found inside a cycle may still turn into a "yes".
    if (found || visiting.size === 0) reaches.set(file, found);
    return found;
  };
  return testFiles(path.join(appRoot, 'test'))
    .filter((file) => reachesDatabase(file, new Set()))
    .map((file) => path.relative(appRoot, file))
    .sort();
}
