import { Alert } from '@mantine/core';
import { IconLockPassword } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDatabase } from '../../data/hooks';
import { lockDe } from '../../i18n/lock.de';
import { awaitsDeviceKeyRegistration } from '../../sync/deviceKeyRegistration';

/**
 * On the pages that list patient data: says why names are missing on a device whose key the
 * server does not know yet (unlocked only by PIN or the device lock, or by the password while
 * offline). The server sends patient data only sealed to a key registered with the password
 * (docs/security.md "Patient data needs the unlocked device"), so until the next password unlock
 * these pages show the clinical rows without names.
 */
export function AwaitsRegistrationNotice() {
  const db = useDatabase();
  const waiting = useLiveQuery(() => (db ? awaitsDeviceKeyRegistration(db) : false), [db]);
  if (!waiting) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconLockPassword aria-hidden />} title={lockDe.awaitsRegistrationTitle} role="status" data-testid="awaits-registration">
      {lockDe.awaitsRegistration}
    </Alert>
  );
}
