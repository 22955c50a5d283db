import type { BadgeProps } from '@mantine/core';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table badge that keeps its whole text (Mantine's badge would cut it in a narrow column). */
export function StatusBadge({ children, ...props }: BadgeProps & { children: ReactNode }) {
  return (
    <Badge variant="light" {...props} style={{ overflow: 'visible', flexShrink: 0 }} styles={{ label: { overflow: 'visible' } }}>
      {children}
    </Badge>
  );
}
