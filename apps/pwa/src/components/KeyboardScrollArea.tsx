import type { ScrollAreaProps } from '@mantine/core';
import { ScrollArea } from '@mantine/core';
import { de } from '../i18n/de';

interface KeyboardScrollAreaProps extends ScrollAreaProps {
  /** What the region holds, usually the label of the table inside; the region is named after it. */
  label: string;
}

/**
 * A ScrollArea whose viewport takes the keyboard focus (WCAG 2.1.1): a table wider than a tablet
 * in portrait that holds no button or link could otherwise be scrolled only by touch or mouse.
 */
export function KeyboardScrollArea({ label, viewportProps, type = 'auto', ...props }: KeyboardScrollAreaProps) {
  return <ScrollArea type={type} {...props} viewportProps={{ ...viewportProps, tabIndex: 0, role: 'region', 'aria-label': de.app.scrollArea(label) }} />;
}
