import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest, errorMessage } from '../../api/client';
import { forgetUser } from '../../api/lastUser';
import { sessionKeys } from '../../api/session';
import { de } from '../../i18n/de';
import { notifyError } from '../../lib/notify';

/**
 * POST /api/logout, then the device side of signing out. It lives here, above api/ and sync/,
 * because it ends the sync session: api/ importing sync/ would close a folder cycle with sync/'s
 * use of api/client.ts (test/architecture/folderCycles.test.ts).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('/api/logout', { method: 'POST', readResponse: false }),
    // Tried at once even offline: by default a mutation waits, silently, until the device is online
    // again, and 'Abmelden' did nothing. Offline the request fails and the toast says why.
    networkMode: 'always',
    onSuccess: async () => {
      // Deletes the local database when nothing waits for the server (privacy notice); keeps it,
      // with its outbox, when the user chose to sign out with pending changes. Loaded on demand:
      // the data layer is not part of the first load (docs/decisions.md).
      await import('../../sync/syncSession')
        .then(({ endSyncSession }) => endSyncSession({ deleteIfSettled: true }))
        .catch((error: unknown) => console.error('Local sign-out failed', error));
      forgetUser();
      queryClient.setQueryData(sessionKeys.user, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      void navigate('/auth', { replace: true });
    },
    onError: (error) => notifyError(de.toasts.logoutFailed, errorMessage(error)),
  });
}
