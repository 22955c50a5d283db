/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Loops of folders of any length, for the architecture tests of both apps
 * (apps/*\/test/architecture/folderCycles.test.ts): the folders directly below `root` are the
 * nodes, every relative import (type imports, re-exports, side-effect imports and lazy `import()`
 * too) from a file in one folder to a file in another is an edge, and every strongly connected
 * component of two or more folders is a loop (Tarjan). Files directly in `root` belong to no
 * folder and are left out, unless `rootFiles` names them as a node of their own ('.').
 */

// `import … from './x'`, `export … from './x'`, `import './x'` and `import('./x')`.
const relativeImport = /(?:\b(?:import|export)\s[^'"]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

export interface FolderEdge {
  from: string;
  to: string;
  /** The importing file, relative to the root, and what it imports. */
  file: string;
  specifier: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every import between two different folders below `root` ('.' stands for the files directly in it). */
export function folderEdges(root: string, { rootFiles = false } = {}): FolderEdge[] {
  const folderOf = (file: string): string | null => {
    const parts = path.relative(root, file).split(path.sep);
    if (parts[0] === '..') return null;
    if (parts.length > 1) return parts[0] ?? null;
    return rootFiles ? '.' : null;
  };
  const edges: FolderEdge[] = [];
  for (const file of sourceFiles(root)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(relativeImport)) {
      const specifier = match[1] ?? '';
      const to = folderOf(path.resolve(path.dirname(file), specifier));
      if (!to || to === from) continue;
      edges.push({ from, to, file: path.relative(root, file), specifier });
    }
  }
  return edges;
}

/** Each loop as "a -> b -> c -> a" with the imports that close it, sorted; empty when there is none. */
export function folderLoops(root: string, options: { rootFiles?: boolean } = {}): string[] {
  const edges = folderEdges(root, options);
  const targets = new Map<string, Set<string>>();
  for (const edge of edges) targets.set(edge.from, (targets.get(edge.from) ?? new Set()).add(edge.to));
  const components: string[][] = [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const next of targets.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of targets.keys()) if (!index.has(node)) visit(node);
  return components
    .map((component) => {
      const inside = new Set(component);
      const via = edges.filter((e) => inside.has(e.from) && inside.has(e.to)).map((e) => `${e.file} → ${e.specifier}`);
      return `${component.join(', ')} (${[...new Set(via)].join('; ')})`;
    })
    .sort();
}
