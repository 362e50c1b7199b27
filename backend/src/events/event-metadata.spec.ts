import { eventMetadataSchema } from './event-metadata';

describe('event metadata', () => {
  const base = { correlationId: 'c1', causationId: null };

  it('knows who acted: a user, an admin, the system or Stripe', () => {
    for (const actor of [{ kind: 'user', userId: 'u1' }, { kind: 'admin', userId: 'a1' }, { kind: 'system' }, { kind: 'stripe' }]) {
      expect(eventMetadataSchema.parse({ ...base, actor })).toEqual({ ...base, actor });
    }
  });

  it('needs the user id of a user', () => {
    expect(eventMetadataSchema.safeParse({ ...base, actor: { kind: 'user' } }).success).toBe(false);
  });

  it('carries an optional external source id', () => {
    expect(eventMetadataSchema.parse({ ...base, actor: { kind: 'stripe' }, sourceId: 'evt_123' })).toMatchObject({ sourceId: 'evt_123' });
    expect(eventMetadataSchema.safeParse({ ...base, actor: { kind: 'stripe' }, sourceId: '' }).success).toBe(false);
  });

  it('keeps nothing it does not know (the recorded time comes from the row)', () => {
    expect(eventMetadataSchema.parse({ ...base, actor: { kind: 'system' }, recordedAt: 'now' })).not.toHaveProperty('recordedAt');
  });
});
