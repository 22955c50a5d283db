import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/de';
import { Notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SyncProvider } from '../sync/SyncProvider';
import { accessibleColorVariables } from './accessibleColors';
import { AppErrorBoundary } from './ErrorBoundary';
import { theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals delays in component tests. */
  env?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={accessibleColorVariables} env={env}>
      {/* docs/spec/accounts.md §9: only one toast at a time (5 s for an error, 3 s for a success).
          It starts at the bottom, where it covers neither a dialog's title nor the sync indicator,
          and moves off any button it would cover (lib/toastPlacement.ts). Narrow, so that one of
          its spots stays free on a phone too. */}
      <Notifications limit={1} autoClose={5000} position="bottom-center" containerWidth={360} />
      {/* German month and day names, weeks from Monday, in every date picker. */}
      <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1 }}>
        <AppErrorBoundary>
          <QueryClientProvider client={queryClient}>
            {/* Opens the signed-in user's local database and runs the sync engine (docs/spec/design.md §4). */}
            <SyncProvider>{children}</SyncProvider>
          </QueryClientProvider>
        </AppErrorBoundary>
      </DatesProvider>
    </MantineProvider>
  );
}
