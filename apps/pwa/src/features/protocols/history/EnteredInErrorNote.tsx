import { Text } from '@mantine/core';
import type { EnteredInError } from '@sanidok/schema';
import { formatDateTime } from '@sanidok/schema';
import type { CSSProperties } from 'react';
import { historyDe } from '../../../i18n/history.de';

/** How a wrong entry's own content is shown: still readable, struck through (§ 630f BGB: the original stays visible). */
export const struckThrough: CSSProperties = { textDecoration: 'line-through' };

/** The mark under a wrong entry: when and why. */
export function EnteredInErrorNote({ mark }: { mark: EnteredInError }) {
  return (
    <Text size="sm" c="red.8" fw={600} style={{ overflowWrap: 'anywhere' }}>
      {historyDe.mark.marked(mark.reason, formatDateTime(mark.at))}
    </Text>
  );
}
