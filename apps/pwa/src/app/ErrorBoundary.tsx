import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { de } from '../i18n/de';
import { NotFoundPage } from './NotFoundPage';

export function ErrorScreen() {
  return (
    <Center mih="100dvh" p="md">
      <Stack maw={520} gap="md" role="alert">
        <Title order={2}>{de.errors.boundaryTitle}</Title>
        <Text>{de.errors.boundaryText}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{de.errors.reload}</Button>
          <Button component="a" href="/" variant="default">
            {de.errors.toStart}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

/** errorElement of the router: render errors inside any route land here instead of a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return <ErrorScreen />;
}

interface BoundaryState {
  failed: boolean;
}

/** Last line of defence for errors outside the router (providers, update prompt). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
