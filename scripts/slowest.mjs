// Prints the 15 slowest test files of each runner from the JSON reports the test script writes
// (vitest's `json` reporter, Playwright's `json` reporter), and writes the same lists to
// <dir>/slowest.txt. Usage: node scripts/slowest.mjs <dir with *.json reports>
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.test-timings';
const root = process.cwd();
const top = 15;

/** vitest: one entry per file with its start and end time. */
function vitestFiles(report) {
  return report.testResults.map((file) => ({
    file: path.relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
  }));
}

/** Playwright: a file's time is the sum of its tests' runs (one worker per lane runs them in turn). */
function playwrightFiles(report) {
  const files = new Map();
  const visit = (suite, file) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const entry = files.get(name) ?? { file: `e2e/${name}`, seconds: 0, tests: 0 };
        entry.tests += 1;
        for (const result of test.results) entry.seconds += result.duration / 1000;
        files.set(name, entry);
      }
    }
    for (const child of suite.suites ?? []) visit(child, name);
  };
  for (const suite of report.suites) visit(suite, suite.file);
  return [...files.values()];
}

const lines = [];
if (!existsSync(dir)) {
  console.log(`Keine Zeitberichte in ${dir}.`);
  process.exit(0);
}
for (const name of readdirSync(dir).filter((file) => file.endsWith('.json')).sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  const files = 'testResults' in report ? vitestFiles(report) : playwrightFiles(report);
  const total = files.reduce((sum, file) => sum + file.seconds, 0);
  const count = files.reduce((sum, file) => sum + file.tests, 0);
  lines.push(`Die ${top} langsamsten Testdateien: ${name.replace(/\.json$/, '')} (${files.length} Dateien, ${count} Tests, zusammen ${total.toFixed(0)} s)`);
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, top)) {
    lines.push(`  ${file.seconds.toFixed(1).padStart(7)} s  ${String(file.tests).padStart(4)} Tests  ${file.file}`);
  }
  lines.push('');
}
writeFileSync(path.join(dir, 'slowest.txt'), lines.join('\n'));
console.log(lines.join('\n'));
