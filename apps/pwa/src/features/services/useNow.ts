import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `intervalMs` (default: each minute), so a service turns from
 * 'Geplant' to 'Aktiv' to 'Beendet' on screen while the tablet lies on the table.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
