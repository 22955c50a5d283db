import type { ComponentType } from 'react';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const loadMantineStyles = () => import('./mantineStyles');

/** What a lazily loaded route keeps in its `handle`: SuspenseOutlet starts its download early. */
export interface LazyRouteHandle {
  preload: () => Promise<unknown>;
}

/**
 * A page loaded with its route (React.lazy over a named export): the first visit to `/` does not
 * download, parse and run the code of every screen, and the data layer (Dexie, sync engine, zod
 * schemas) arrives with the first signed-in page. The service worker precaches every chunk, so
 * each route still opens offline after one online visit.
 */
export function lazyRoute<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): Pick<RouteObject, 'element' | 'handle'> {
  // Every lazy page also waits for Mantine's full stylesheet (the entry has only what `/` renders).
  const loadWithStyles = async () => (await Promise.all([load(), loadMantineStyles()]))[0];
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await loadWithStyles())[name] }));
  const handle: LazyRouteHandle = { preload: loadWithStyles };
  return { element: <Page />, handle };
}

export function isLazyRouteHandle(handle: unknown): handle is LazyRouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as Partial<LazyRouteHandle>).preload === 'function';
}

/** RequireAuth's route handle: SuspenseOutlet preloads the routes below it only once an unlock has begun. */
export const unlockFirstHandle = { unlockFirst: true } as const;

export function isUnlockFirstHandle(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { unlockFirst?: unknown }).unlockFirst === true;
}
