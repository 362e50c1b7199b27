import { randomUUID } from 'node:crypto';
import { StreamSummaryProjector } from '../../../backend/src/modules/admin/projections/stream-summary.projector';
import { CounterIncremented, metadata, NoteRenamed } from '../../support/test-events';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new StreamSummaryProjector(), [CounterIncremented, NoteRenamed]);

describe('StreamSummaryProjector', () => {
  it('keeps each stream’s category, version, size, and its latest event and actor', async () => {
    const streamId = `counter-${randomUUID()}`;
    await projection.givenIn(streamId, [CounterIncremented({ by: 1 }), CounterIncremented({ by: 2 })], metadata({ actor: { kind: 'user', userId: 'ada' } }));
    await projection.givenIn(streamId, [NoteRenamed({ title: 'b', previousTitle: 'a' })], metadata({ actor: { kind: 'stripe' } }));
    const [row] = await summary(streamId);
    expect(row).toMatchObject({ category: 'counter', version: 3, event_count: 3, last_event_type: 'NoteRenamed', last_actor: 'stripe' });
    expect(row!.first_recorded_at <= row!.last_recorded_at).toBe(true);
  });

  it('names an admin or a user by id, anyone else by kind', async () => {
    const [admin, user] = [`note-${randomUUID()}`, `note-${randomUUID()}`];
    await projection.givenIn(admin, [CounterIncremented({ by: 1 })], metadata({ actor: { kind: 'admin', userId: 'root' } }));
    await projection.givenIn(user, [CounterIncremented({ by: 1 })], metadata({ actor: { kind: 'user', userId: 'bob' } }));
    expect((await summary(admin))[0]).toMatchObject({ last_actor: 'admin:root' });
    expect((await summary(user))[0]).toMatchObject({ last_actor: 'user:bob' });
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const streamId = `counter-${randomUUID()}`;
    await projection.givenIn(streamId, [CounterIncremented({ by: 1 }), CounterIncremented({ by: 1 })]);
    const before = await summary(streamId);
    await projection.replay();
    expect(await summary(streamId)).toEqual(before);
  });
});

async function summary(streamId: string) {
  return projection.rows<{
    category: string;
    version: number;
    event_count: number;
    last_event_type: string;
    last_actor: string;
    first_recorded_at: Date;
    last_recorded_at: Date;
  }>('select category, version, event_count, last_event_type, last_actor, first_recorded_at, last_recorded_at from rm_streams where stream_id = $1', [
    streamId,
  ]);
}
