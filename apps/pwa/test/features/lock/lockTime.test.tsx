import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteUserDatabase } from '../../../src/data/db';
import { effectiveLockMinutes, lockTimeChoices, organizationLockLimit, setDeviceLockChoice } from '../../../src/features/lock/lockTime';
import { useAutoLock } from '../../../src/features/lock/useAutoLock';
import { enterWallDisplay } from '../../../src/features/lock/wallDisplay';
import { useLockStore } from '../../../src/sync/lockStore';
import { testUser } from '../../helpers/render';
import { org, renderSignedIn, seed } from '../services/services.fixtures';

const locked = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/sync/deviceUnlock', () => ({
  lockSignedInDevice: () => {
    locked.count += 1;
    return Promise.resolve();
  },
}));

afterEach(async () => {
  vi.useRealTimers();
  localStorage.clear();
  locked.count = 0;
  await deleteUserDatabase(testUser.id);
});

describe('device lock time', () => {
  it('the shortest limit of the organisations applies; the device may only lower it', () => {
    expect(organizationLockLimit(undefined)).toBe(5);
    expect(organizationLockLimit([])).toBe(5);
    expect(organizationLockLimit([{ lockAfterMinutes: 15 }, { lockAfterMinutes: 10 }])).toBe(10);
    expect(effectiveLockMinutes(null, 10)).toBe(10);
    expect(effectiveLockMinutes(2, 10)).toBe(2);
    expect(effectiveLockMinutes(30, 10)).toBe(10);
    expect(lockTimeChoices(10)).toEqual([1, 2, 5, 10]);
    expect(lockTimeChoices(7)).toEqual([1, 2, 5, 7]);
    expect(lockTimeChoices(30)).toEqual([1, 2, 5, 10, 15, 30]);
  });

  it('the settings offer nothing above the organisations’ limit and name it', async () => {
    await seed([org(1, 'member', { lockAfterMinutes: 15 }), org(2, 'member', { lockAfterMinutes: 10 })]);
    renderSignedIn('/settings');
    const select = await screen.findByRole('combobox', { name: 'Sperren nach' });
    expect(await screen.findByText('Ihre Organisation erlaubt höchstens 10 Minuten; dieses Gerät kann kürzer sperren.')).toBeInTheDocument();
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '1 Minute ohne Eingabe', '2 Minuten ohne Eingabe', '5 Minuten ohne Eingabe', '10 Minuten ohne Eingabe',
    ]);
    expect(select).toHaveValue('10');
  });

  it('locks after the owner’s time without input, and input restarts the wait', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await seed([org(1, 'member', { lockAfterMinutes: 10 })]);
    setDeviceLockChoice(30); // above the limit: the limit wins
    useLockStore.setState({ status: 'unlocked', error: null });
    function Probe() {
      useAutoLock();
      return null;
    }
    render(<Probe />);
    // The organisation list loads from Dexie; the timer restarts with its limit.
    await act(() => vi.advanceTimersByTimeAsync(200));
    await act(() => vi.advanceTimersByTimeAsync(9 * 60_000));
    window.dispatchEvent(new Event('pointerdown'));
    await act(() => vi.advanceTimersByTimeAsync(9 * 60_000));
    expect(locked.count).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(61_000 + 200));
    expect(locked.count).toBe(1);
  });
});

function WallProbe() {
  useAutoLock();
  return null;
}

/** docs/security.md: the board as a wall display does not lock while it shows, and leaving it locks at once. */
describe('Wandanzeige und Sperre', () => {
  it('sperrt nicht nach der Leerlaufzeit, solange die Wandanzeige zu sehen ist; wer sie verlässt, sperrt das Gerät', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await seed([org(1, 'member', { lockAfterMinutes: 5 })]);
    useLockStore.setState({ status: 'unlocked', error: null });
    render(<WallProbe />);
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
    render(<WallProbe />);
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 + 500));
    expect(locked.count).toBe(1);
  });
});

