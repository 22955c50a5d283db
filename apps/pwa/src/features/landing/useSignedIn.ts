import { useEffect, useState } from 'react';
import { forgetSessionHints, mayHaveSession } from '../../api/sessionHint';

/**
 * Whether the visitor has a session, asked once from the server (200 → signed in, anything else,
 * including a network failure while offline, → signed out). Without a hint of a session (a first
 * visit, or after signing out) the server is not asked: the 401 would be a console error on the
 * very page most visitors see first (api/sessionHint.ts).
 *
 * Deliberately tiny and isolated: the landing page only needs a boolean to choose between /auth and
 * /dashboard, so swapping this for the shared session hook (`useCurrentUser()`) later touches only
 * LandingPage. Guessing "signed out" is safe: /auth sends a signed-in user on to /dashboard.
 */
export function useSignedIn(): boolean {
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    if (!mayHaveSession()) return;
    // Aborting on unmount avoids a state update after unmount and the duplicate request of
    // StrictMode's mount–unmount–mount cycle.
    const controller = new AbortController();
    fetch('/api/user', { credentials: 'same-origin', signal: controller.signal })
      .then((response) => {
        if (response.status === 401) forgetSessionHints();
        setSignedIn(response.status === 200);
      })
      .catch(() => {
        if (!controller.signal.aborted) setSignedIn(false);
      });
    return () => {
      controller.abort();
    };
  }, []);

  return signedIn;
}
