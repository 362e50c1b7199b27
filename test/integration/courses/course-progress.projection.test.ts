import { randomUUID } from 'node:crypto';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { ProjectionWorker } from '../../../backend/src/events/projection-worker';
import { replayProjector } from '../../../backend/src/events/replay';
import { CourseLessonCompleted, courseEvents, courseProgressStreamId } from '../../../backend/src/modules/courses';
import { CourseProgressProjector } from '../../../backend/src/modules/courses/projections/course-progress.projector';
import { metadata } from '../../support/test-events';
import { silentLog, testDatabaseUrl } from '../events/support/orm';
import { useProjectionHarness } from '../events/support/projection-harness';
import { until } from '../events/support/wait';

const db = useProjectionHarness();
let store: EventStore;
let worker: ProjectionWorker;
beforeAll(() => {
  store = new EventStore(db.pool, new EventRegistry().register(...courseEvents));
  worker = new ProjectionWorker(new CourseProgressProjector(), db.orm, store, db.notifier, {
    connectionString: testDatabaseUrl(),
    log: silentLog,
    pollMs: 50,
    leaderRetryMs: 100,
  });
  worker.start();
});
afterAll(() => worker?.stop());

const at = (minute: number) => `2026-11-24T10:${String(minute).padStart(2, '0')}:00.000Z`;
const completed = (userId: string, resourceId: string, lessonSlug: string, minute: number) =>
  CourseLessonCompleted({ userId, resourceId, lessonSlug, at: at(minute) });

async function rows(userIds: string[]) {
  const { rows } = await db.pool.query(
    `select user_id, resource_id, lesson_slug, completed_at from rm_course_progress where user_id = any($1) order by user_id, resource_id, lesson_slug`,
    [userIds],
  );
  return rows.map((r) => ({ user: r.user_id, course: r.resource_id, lesson: r.lesson_slug, at: new Date(r.completed_at).toISOString() }));
}

describe('CourseProgressProjector', () => {
  it('given lessons completed by two customers in two courses, keeps one row per customer, course and lesson', async () => {
    const [ada, bob] = [`ada-${randomUUID()}`, `bob-${randomUUID()}`];
    await store.append(
      courseProgressStreamId(ada, 'from-audio-to-notes'),
      'no-stream',
      [completed(ada, 'from-audio-to-notes', '01-recording-well', 1), completed(ada, 'from-audio-to-notes', '02-choosing-a-preset', 2)],
      metadata(),
    );
    await store.append(
      courseProgressStreamId(ada, 'vault-kickstart-bundle'),
      'no-stream',
      [completed(ada, 'vault-kickstart-bundle', '01-why-structure', 3)],
      metadata(),
    );
    await store.append(
      courseProgressStreamId(bob, 'from-audio-to-notes'),
      'no-stream',
      [completed(bob, 'from-audio-to-notes', '02-choosing-a-preset', 4)],
      metadata(),
    );

    await until('all four are projected', async () => (await rows([ada, bob])).length === 4);
    expect(await rows([ada, bob])).toEqual(
      [
        { user: ada, course: 'from-audio-to-notes', lesson: '01-recording-well', at: at(1) },
        { user: ada, course: 'from-audio-to-notes', lesson: '02-choosing-a-preset', at: at(2) },
        { user: ada, course: 'vault-kickstart-bundle', lesson: '01-why-structure', at: at(3) },
        { user: bob, course: 'from-audio-to-notes', lesson: '02-choosing-a-preset', at: at(4) },
      ].sort((a, b) => (a.user + a.course + a.lesson).localeCompare(b.user + b.course + b.lesson)),
    );
  });

  it('keeps the first completion when the log holds a lesson twice (a stream written around the decider)', async () => {
    const cy = `cy-${randomUUID()}`;
    await store.append(
      courseProgressStreamId(cy, 'from-audio-to-notes'),
      'any',
      [
        completed(cy, 'from-audio-to-notes', '01-recording-well', 5),
        completed(cy, 'from-audio-to-notes', '01-recording-well', 9),
        completed(cy, 'from-audio-to-notes', '03-linking-into-your-vault', 10),
      ],
      metadata(),
    );
    await until('the last is projected', async () => (await rows([cy])).length === 2);
    expect(await rows([cy])).toEqual([
      { user: cy, course: 'from-audio-to-notes', lesson: '01-recording-well', at: at(5) },
      { user: cy, course: 'from-audio-to-notes', lesson: '03-linking-into-your-vault', at: at(10) },
    ]);
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const dee = `dee-${randomUUID()}`;
    await store.append(
      courseProgressStreamId(dee, 'from-audio-to-notes'),
      'no-stream',
      [completed(dee, 'from-audio-to-notes', '02-choosing-a-preset', 11)],
      metadata(),
    );
    await until('it is projected', async () => (await rows([dee])).length === 1);
    const { rows: before } = await db.pool.query('select * from rm_course_progress order by user_id, resource_id, lesson_slug');
    await worker.stop();
    await replayProjector(db.orm, store, new CourseProgressProjector());
    const { rows: after } = await db.pool.query('select * from rm_course_progress order by user_id, resource_id, lesson_slug');
    expect(after).toEqual(before);
    expect(after.length).toBeGreaterThanOrEqual(7);
  });
});
