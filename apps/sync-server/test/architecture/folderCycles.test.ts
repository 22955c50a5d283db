import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server domain in layers (issue 13, item 2): the files directly in src/domain (context,
 * errors, time, transaction, versions, audit, ...) are the bottom layer; each folder is one area
 * on top of it. Two areas importing each other, or the bottom layer importing an area, make the
 * code one tangle again. Type imports count too: they tie the areas together just the same.
 */
const domainRoot = fileURLToPath(new URL('../../src/domain', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

// `import … from './x'`, `export … from './x'`, `import './x'` and `import('./x')`.
const relativeImport = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The area a file belongs to: its first folder below src/domain, or null for the bottom layer. */
function areaOf(file: string): string | null {
  const parts = path.relative(domainRoot, file).split(path.sep);
  return parts.length > 1 ? (parts[0] ?? null) : null;
}

interface Edge { from: string; to: string; file: string; specifier: string }

function domainImports(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(domainRoot)) {
    for (const match of readFileSync(file, 'utf8').matchAll(relativeImport)) {
      const specifier = match[1] ?? '';
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(domainRoot + path.sep)) continue;
      edges.push({ from: areaOf(file) ?? '.', to: areaOf(target) ?? '.', file: path.relative(domainRoot, file), specifier });
    }
  }
  return edges;
}

describe('folder structure of apps/sync-server/src/domain', () => {
  const edges = domainImports();

  it('finds the domain imports it checks', () => {
    expect(edges.some((e) => e.from === 'protocols' && e.to === 'services')).toBe(true);
    expect(edges.some((e) => e.to === '.')).toBe(true);
  });

  it('has no two folders importing each other', () => {
    const pairs = new Set(edges.filter((e) => e.from !== e.to).map((e) => `${e.from} -> ${e.to}`));
    const cycles = [...pairs]
      .map((pair) => pair.split(' -> ') as [string, string])
      .filter(([a, b]) => a < b && pairs.has(`${b} -> ${a}`))
      .map(([a, b]) => {
        const via = edges.filter((e) => (e.from === a && e.to === b) || (e.from === b && e.to === a));
        return `${a} <-> ${b}: ${via.map((e) => `${e.file} imports ${e.specifier}`).join('; ')}`;
      });
    expect(cycles).toEqual([]);
  });

  it('keeps the files directly in src/domain below every folder', () => {
    const upward = edges.filter((e) => e.from === '.' && e.to !== '.').map((e) => `${e.file} imports ${e.specifier}`);
    expect(upward).toEqual([]);
  });
});
