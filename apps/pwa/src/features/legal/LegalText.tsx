import { Anchor, Mark } from '@mantine/core';
import { legalDe } from '../../i18n/legal.de';

// Placeholders ('[Platzhalter: …]') and the contact address are the only inline markup the legal
// texts need, so the catalogue stays plain strings and this component adds the markup.
const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tokenPattern = new RegExp(
  `(${escapeRegExp(legalDe.placeholderPrefix)}[^\\]]*\\]|${escapeRegExp(legalDe.contactEmail)})`,
  'g',
);

interface LegalTextProps {
  readonly text: string;
}

export function LegalText({ text }: LegalTextProps) {
  // split() with a capturing group keeps the matched tokens at the odd indices.
  const parts = text.split(tokenPattern);
  return (
    <>
      {parts.map((part, index) => {
        if (index % 2 === 0) return part;
        if (part === legalDe.contactEmail) {
          return (
            <Anchor key={index} href={`mailto:${legalDe.contactEmail}`}>
              {part}
            </Anchor>
          );
        }
        // Highlighted so that an unfilled placeholder is impossible to overlook before going live.
        return (
          <Mark key={index} title={legalDe.placeholderHint} data-placeholder="true">
            {part}
          </Mark>
        );
      })}
    </>
  );
}
