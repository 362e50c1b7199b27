import { readSupportAction } from './support-action-view';

const data = {
  actionId: '0b6f5e0e-3c1e-4a53-9a1f-6b2a7c1d9e10',
  kind: 'grant_credits',
  userId: 'user_1',
  actor: { id: 'user_admin', role: 'owner' },
  reason: 'Goodwill after the outage',
  details: { credits: 500 },
  at: '2026-11-25T10:00:00.000Z',
};

describe('readSupportAction', () => {
  it('reads who did it, in which role, what and why from a recorded action', () => {
    expect(readSupportAction({ position: '42', type: 'SupportActionRecorded', schema_version: 1, data })).toEqual({
      position: '42',
      actionId: data.actionId,
      kind: 'grant_credits',
      userId: 'user_1',
      actorId: 'user_admin',
      actorRole: 'owner',
      reason: 'Goodwill after the outage',
      at: data.at,
    });
  });

  it('reads a kind it does not know yet: the console may add kinds before this page does', () => {
    expect(readSupportAction({ position: '1', type: 'SupportActionRecorded', schema_version: 1, data: { ...data, kind: 'merge_accounts' } })?.kind).toBe(
      'merge_accounts',
    );
  });

  it('is null for another event, another schema version, or data that is not an action', () => {
    expect(readSupportAction({ position: '1', type: 'LicenseGranted', schema_version: 1, data })).toBeNull();
    expect(readSupportAction({ position: '1', type: 'SupportActionRecorded', schema_version: 2, data })).toBeNull();
    expect(readSupportAction({ position: '1', type: 'SupportActionRecorded', schema_version: 1, data: { ...data, actor: 'someone' } })).toBeNull();
  });
});
