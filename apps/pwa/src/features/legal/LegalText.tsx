import type { OperatorDetailField } from '@sanidok/schema';
import { operatorDetailFields } from '@sanidok/schema';
import { Anchor, Mark } from '@mantine/core';
import { Fragment } from 'react';
import { legalDe } from '../../i18n/legal.de';
import { useOperatorOfPage } from './operatorDetails';

// The texts hold `{betreiber:<field>}` tokens for what the platform admin enters (i18n/legal.de.ts);
// they are the only inline markup the legal texts need, so the catalogue stays plain strings.
const tokenPattern = /(\{betreiber:[a-zA-Z]+\})/g;
const isField = (value: string): value is OperatorDetailField => (operatorDetailFields as readonly string[]).includes(value);

interface LegalTextProps {
  readonly text: string;
}

function OperatorValue({ field }: { field: OperatorDetailField }) {
  const operator = useOperatorOfPage();
  const value = operator?.[field];
  if (operator && field === 'registerDetails' && !value) return <>{legalDe.noRegisterDetails}</>;
  if (!value) {
    // Highlighted so that a missing detail is impossible to overlook before going live.
    return (
      <Mark title={legalDe.placeholderHint} data-placeholder="true">
        {`${legalDe.placeholderPrefix} ${legalDe.operatorFields[field]}]`}
      </Mark>
    );
  }
  if (field === 'email') return <Anchor href={`mailto:${value}`}>{value}</Anchor>;
  // Multi-line values (the address) keep their lines.
  const lines = value.split('\n');
  return (
    <span data-operator={field}>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </span>
  );
}

export function LegalText({ text }: LegalTextProps) {
  // split() with a capturing group keeps the matched tokens at the odd indices.
  const parts = text.split(tokenPattern);
  return (
    <>
      {parts.map((part, index) => {
        const field = part.slice('{betreiber:'.length, -1);
        if (index % 2 === 0 || !isField(field)) return part;
        return <OperatorValue key={index} field={field} />;
      })}
    </>
  );
}
