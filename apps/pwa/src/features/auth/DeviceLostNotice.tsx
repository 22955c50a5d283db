import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { deviceWasWiped, dismissWipeNotice, lostDeviceUser } from '../../api/deviceLost';
import { de } from '../../i18n/de';
import { syncDe } from '../../i18n/sync.de';

/**
 * Why the sign-in page shows up on a device reported lost (docs/decisions.md "A lost device pushes,
 * then wipes itself"): its data is gone after the outbox went to the server, or changes still wait
 * for a sign-in, after which the device is wiped. The wipe's notice shows once.
 */
export function DeviceLostNotice() {
  const [wiped] = useState(deviceWasWiped);
  const [lost] = useState(() => lostDeviceUser() !== null);
  useEffect(() => {
    if (wiped) dismissWipeNotice();
  }, [wiped]);
  if (wiped) {
    return (
      <Alert color="orange" title={de.auth.deviceWipedTitle} mb="md" role="alert">
        {de.auth.deviceWipedText}
      </Alert>
    );
  }
  if (!lost) return null;
  return (
    <Alert color="orange" title={de.auth.deviceLostTitle} mb="md" role="alert">
      {syncDe.indicator.deviceLostPending}
    </Alert>
  );
}
