import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { quickMeasures } from '@sanidok/schema';
import { memo, useRef } from 'react';
import { treatmentDe } from '../../../i18n/treatment.de';

/**
 * A second tap on the same measure within this time is taken for a double tap: entries are
 * insert-only and cannot be taken back, so a bounce must not document the measure twice.
 */
export const repeatTapGuardMs = 1000;

interface QuickMeasuresProps {
  onAdd: (text: string) => Promise<boolean>;
}

/** The 21 quick measures (docs/spec/services.md §3): one tap documents the sentence at once. */
export const QuickMeasures = memo(function QuickMeasures({ onAdd }: QuickMeasuresProps) {
  const lastTap = useRef<{ text: string; at: number } | null>(null);

  /** `at`: the event's time stamp (ms), which also orders taps of one page life. */
  const tap = (text: string, at: number) => {
    const previous = lastTap.current;
    if (previous && previous.text === text && at - previous.at < repeatTapGuardMs) return;
    const current = { text, at };
    lastTap.current = current;
    // A refused tap (no performer name yet, a failed write) documented nothing: the next tap counts.
    void onAdd(text).then((added) => {
      if (!added && lastTap.current === current) lastTap.current = null;
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {treatmentDe.quick.hint}
      </Text>
      {/* Columns by the room the tab has, not the screen: wide enough for 'Oberkörperhochlagerung' in
          one piece (three columns at 1024 px split it inside the word where no hyphenation exists). */}
      <SimpleGrid minColWidth="16rem" spacing="xs">
        {quickMeasures.map((text) => (
          <Button
            key={text}
            variant="light"
            h="auto"
            mih={48}
            py={8}
            px="xs"
            onClick={(event) => tap(text, event.timeStamp)}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
          >
            {text}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
});
