// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderLoops } from '@sanidok/schema/testing/folderLoops';
import { describe, expect, it } from 'vitest';

/**
 * Folders depend on each other in one direction only: no loop of top folders of src/ (app, api,
 * lib, data, sync, features, …) and no loop of feature folders, of any length. Shared pieces go
 * down (lib/, components/) and compositions of several features go up (app/ServiceDetailRoute.tsx).
 */
const src = fileURLToPath(new URL('../../src', import.meta.url));

describe('folder dependencies of the PWA', () => {
  it('no loop of top folders of src/', () => {
    expect(folderLoops(src)).toEqual([]);
  });

  it('no loop of feature folders', () => {
    expect(folderLoops(path.join(src, 'features'))).toEqual([]);
  });

  it('finds loops of two and of three folders (the check itself works)', () => {
    const fixture = fileURLToPath(new URL('./fixtures/cycle', import.meta.url));
    expect(folderLoops(fixture)).toEqual(['a, b (a/one.ts → ../b/two; b/two.ts → ../a/one)', 'd, e, f (d/four.ts → ../e/five; e/five.ts → ../f/six; f/six.ts → ../d/four)']);
  });
});
