import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteUserDatabase } from '../../../src/data/db';
import { useAutoLock } from '../../../src/features/lock/useAutoLock';
import { enterWallDisplay } from '../../../src/features/lock/wallDisplay';
import { useLockStore } from '../../../src/sync/lockStore';
import { testUser } from '../../helpers/render';
import { org, seed } from '../services/services.fixtures';

const locked = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/sync/deviceUnlock', () => ({
  lockSignedInDevice: () => {
    locked.count += 1;
    return Promise.resolve();
  },
}));

afterEach(async () => {
  vi.useRealTimers();
  locked.count = 0;
  await deleteUserDatabase(testUser.id);
});

function Probe() {
  useAutoLock();
  return null;
}

/** docs/security.md: the board as a wall display does not lock while it shows, and leaving it locks at once. */
describe('Wandanzeige und Sperre', () => {
  it('sperrt nicht nach der Leerlaufzeit, solange die Wandanzeige zu sehen ist; wer sie verlässt, sperrt das Gerät', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await seed([org(1, 'member', { lockAfterMinutes: 5 })]);
    useLockStore.setState({ status: 'unlocked', error: null });
    render(<Probe />);
    let leave: () => void = () => undefined;
    act(() => {
      leave = enterWallDisplay();
    });
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000));
    expect(locked.count).toBe(0);

    act(() => leave());
    await vi.waitFor(() => expect(locked.count).toBe(1));
  });

  it('ohne Wandanzeige sperrt das Gerät nach der Leerlaufzeit wie bisher', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await seed([org(1, 'member', { lockAfterMinutes: 5 })]);
    useLockStore.setState({ status: 'unlocked', error: null });
    render(<Probe />);
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 + 500));
    expect(locked.count).toBe(1);
  });
});
