import { fileURLToPath } from 'node:url';
import { folderEdges, folderLoops } from '@sanidok/schema/testing/folderLoops';
import { describe, expect, it } from 'vitest';

/**
 * The server domain in layers: the files directly in src/domain (context, errors, time,
 * transaction, versions, audit, ...) are the bottom layer ('.'); each folder is one area on top of
 * it. A loop of areas of any length, or the bottom layer importing an area, make the code one
 * tangle again. Type imports count too: they tie the areas together just the same.
 */
const domainRoot = fileURLToPath(new URL('../../src/domain', import.meta.url));
const srcRoot = fileURLToPath(new URL('../../src', import.meta.url));

describe('folder structure of apps/sync-server/src', () => {
  const edges = folderEdges(domainRoot, { rootFiles: true });

  it('finds the domain imports it checks', () => {
    expect(edges.some((e) => e.from === 'protocols' && e.to === 'services')).toBe(true);
    expect(edges.some((e) => e.to === '.')).toBe(true);
  });

  it('has no loop of domain areas', () => {
    expect(folderLoops(domainRoot)).toEqual([]);
  });

  it('has no loop of top folders of src/', () => {
    expect(folderLoops(srcRoot)).toEqual([]);
  });

  it('keeps the files directly in src/domain below every folder', () => {
    const upward = edges.filter((e) => e.from === '.').map((e) => `${e.file} imports ${e.specifier}`);
    expect(upward).toEqual([]);
  });
});
