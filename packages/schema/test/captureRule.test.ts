import { describe, expect, it } from 'vitest';
import { captureRefusal, isAllowed, organizationRules, serviceWriteRefusal } from '../src';

describe('capture rule (server and device ask the same)', () => {
  const open = { isBlocked: 0, status: 'active' };
  it('refuses writes while the organisation or the service is blocked, the organisation first', () => {
    expect(serviceWriteRefusal({ isBlocked: 1 }, { isBlocked: 1 })).toBe('organizationBlocked');
    expect(serviceWriteRefusal({ isBlocked: false }, { isBlocked: true })).toBe('serviceBlocked');
    expect(serviceWriteRefusal({ isBlocked: 0 }, open)).toBeNull();
  });

  it('takes documentation on planned, running and ended services, none on an archived one', () => {
    for (const status of ['planned', 'active', 'completed']) expect(captureRefusal({ isBlocked: false }, { isBlocked: false, status }), status).toBeNull();
    expect(captureRefusal({ isBlocked: false }, { isBlocked: false, status: 'archived' })).toBe('serviceArchived');
    // A write to an archived service (a discharge sealing there) is no capture: the write rule asks no status.
    const archived = { isBlocked: false, status: 'archived' };
    expect(serviceWriteRefusal({ isBlocked: false }, archived)).toBeNull();
    expect(captureRefusal({ isBlocked: true }, { isBlocked: false, status: 'archived' })).toBe('organizationBlocked');
  });
});

describe('organisation role table', () => {
  it('gives members no management right, admins no archive, owners everything but approving their own recovery', () => {
    for (const action of Object.keys(organizationRules) as (keyof typeof organizationRules)[]) {
      expect(isAllowed('member', action), action).toBe(false);
      expect(isAllowed('owner', action), action).toBe(action !== 'approveKeyRecovery');
    }
    expect(isAllowed('admin', 'openArchive')).toBe(false);
    expect(isAllowed('admin', 'invite')).toBe(true);
  });
});
