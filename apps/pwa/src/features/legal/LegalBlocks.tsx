import { List, Stack, Text } from '@mantine/core';
import type { LegalBlock } from '../../i18n/legal.de';
import { LegalText } from './LegalText';

interface LegalBlocksProps {
  readonly blocks: readonly LegalBlock[];
}

/** Renders the paragraphs, lists and address blocks of one legal section. */
export function LegalBlocks({ blocks }: LegalBlocksProps) {
  if (blocks.length === 0) return null;
  return (
    <Stack gap="sm">
      {blocks.map((block, index) => {
        if (typeof block === 'string') {
          return (
            <Text key={index} component="p" m={0}>
              <LegalText text={block} />
            </Text>
          );
        }
        if ('list' in block) {
          return (
            <List key={index} spacing="xs" withPadding>
              {block.list.map((item) => (
                <List.Item key={item}>
                  <LegalText text={item} />
                </List.Item>
              ))}
            </List>
          );
        }
        // <address> keeps the semantics of contact data; Mantine's Text resets the italic default.
        return (
          <Text key={index} component="address" fs="normal">
            {block.address.map((line) => (
              <span key={line} style={{ display: 'block' }}>
                <LegalText text={line} />
              </span>
            ))}
          </Text>
        );
      })}
    </Stack>
  );
}
