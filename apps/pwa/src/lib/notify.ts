import { notifications } from '@mantine/notifications';

// Toasts follow docs/spec/accounts.md §8: one visible at a time (limit in AppProviders), 5000 ms, destructive red.

export function notifyError(title: string, message: string): void {
  notifications.show({ title, message, color: 'red', withBorder: true });
}

export function notifySuccess(title: string, message: string): void {
  notifications.show({ title, message, color: 'green', withBorder: true });
}
