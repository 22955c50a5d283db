import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { de } from '../../i18n/de';
import { formatDateTime } from '../../lib/format';
import type { RevealedOrganizationKey } from './createOrganization';
import './recoverySheet.css';

const t = de.organizationKey;
export const printingClass = 'sanidok-printing';

/**
 * The printable recovery sheet, rendered into its own element directly under <body> so that the
 * print stylesheet can hide everything else. An in-app print view instead of a new window: the CSP
 * forbids inline scripts, and a written-out window would copy the secret into another document.
 * Layout effects (not passive ones) attach it, so it is in place when the caller's synchronous
 * window.print() runs right after mounting it with flushSync.
 */
export function RecoverySheet({ revealed }: { revealed: RevealedOrganizationKey }) {
  const [container] = useState(() => {
    const element = document.createElement('div');
    element.className = 'sanidok-recovery-print';
    return element;
  });

  useLayoutEffect(() => {
    document.body.appendChild(container);
    document.body.classList.add(printingClass);
    return () => {
      document.body.classList.remove(printingClass);
      container.remove();
    };
  }, [container]);

  const groups = revealed.keyText.split('-');

  return createPortal(
    <article>
      <h1>{t.sheetTitle}</h1>
      <dl>
        <dt>{t.sheetOrganization}</dt>
        <dd>{revealed.organizationName}</dd>
        <dt>{t.sheetDate}</dt>
        <dd>{formatDateTime(revealed.createdAt)}</dd>
        <dt>{t.fingerprintLabel}</dt>
        <dd className="sanidok-recovery-fingerprint">{revealed.fingerprint}</dd>
      </dl>
      <h2>{t.keyLabel}</h2>
      <div className="sanidok-recovery-key">
        {groups.map((group, index) => (
          // Groups may repeat, so the position is part of the key.
          <span key={`${index}-${group}`}>{group}</span>
        ))}
      </div>
      <h2>{t.sheetInstructionsTitle}</h2>
      <ul>
        {t.sheetInstructions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </article>,
    container,
  );
}
