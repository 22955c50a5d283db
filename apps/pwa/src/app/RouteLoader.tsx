import { useClearToastsOnNavigation } from '../lib/notify';
import { Center, Loader, Text } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { de } from '../i18n/de';
import { useLockStore } from '../sync/lockStore';
import { isLazyRouteHandle, isUnlockFirstHandle } from './lazyRoute';

/**
 * Shown while a page's code is being fetched. It fades in only after a short delay (app.css), so a
 * chunk from the service worker's cache, which arrives at once, never flashes a spinner.
 */
export function RouteLoader() {
  return (
    <Center mih="60vh" role="status" aria-label={de.app.loading} className="sanidok-route-loader">
      <Loader size="sm" color="gray" />
      <Text c="dimmed" ml="sm" aria-hidden>
        {de.app.loading}
      </Text>
    </Center>
  );
}

/**
 * Starts the download of every lazily loaded route the URL matches at once — the signed-in frame
 * and its page — instead of one after the other as each renders (and while the session is still
 * being asked for). React.lazy then finds the modules already on their way. Below RequireAuth
 * only once an unlock has begun (typed, or the sign-in's): a full page load shows the lock screen
 * first, and the frame's and page's chunks would only compete with it for the line.
 */
function usePreloadMatchedRoutes(): void {
  const matches = useMatches();
  const locked = useLockStore((s) => s.status === 'locked');
  useEffect(() => {
    for (const match of matches) {
      if (locked && isUnlockFirstHandle(match.handle)) break;
      if (isLazyRouteHandle(match.handle)) void match.handle.preload().catch(() => undefined);
    }
  }, [matches, locked]);
}

/** The root outlet: lazily loaded pages show RouteLoader while they arrive. */
export function SuspenseOutlet() {
  usePreloadMatchedRoutes();
  useClearToastsOnNavigation();
  // A link opens its page at the top (the footer's Impressum, Datenschutz, Nutzungsbedingungen);
  // back and forward return to where the reader was.
  return (
    <>
      <ScrollRestoration />
      <LoadingOutlet />
    </>
  );
}

/** An outlet whose lazily loaded child pages show RouteLoader while they arrive. */
export function LoadingOutlet() {
  return (
    <Suspense fallback={<RouteLoader />}>
      <Outlet />
    </Suspense>
  );
}
