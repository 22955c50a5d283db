import { Button } from '@mantine/core';
import { useState } from 'react';
import { lockDe } from '../../i18n/lock.de';

/**
 * The lock screen's quick unlock through the device lock (WebAuthn PRF): shown when the
 * device holds a PRF copy of its key, online and offline (the secret lives in the authenticator).
 * A failure leaves its German message in the lock store; the password field stays.
 */
export function PrfUnlockButton({ user }: { user: { id: number; name: string } }) {
  const [pending, setPending] = useState(false);
  const onClick = () => {
    setPending(true);
    void import('../../sync/deviceUnlock')
      .then(({ unlockSignedInDeviceWithPrf }) => unlockSignedInDeviceWithPrf(user))
      .finally(() => setPending(false));
  };
  return <Button variant="light" onClick={onClick} loading={pending}>{lockDe.prfSubmit}</Button>;
}
