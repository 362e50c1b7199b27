import { rmSync } from 'node:fs';
import { Client } from 'pg';
import { FIXTURE_COURSE, FIXTURE_LESSONS, writeCourseFixture } from '../../support/course-fixture';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

const course = FIXTURE_COURSE.resourceId;
const [first, second, third] = FIXTURE_LESSONS.map((l) => l.slug) as [string, string, string];

let site: SiteServer;
let libraryDir: string;
let owner: string;
let stranger: string;
beforeAll(async () => {
  libraryDir = writeCourseFixture();
  site = await startAddressableSite('courses', { LIBRARY_DIST: libraryDir });
  [owner, stranger] = await Promise.all([
    signUpOverHttp(site, 'learner@example.com', 'Lea Learner'),
    signUpOverHttp(site, 'stranger@example.com', 'Sam Stranger'),
  ]);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId: course, quantity: 1 }, { cookie: owner });
  expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
  await eventually(
    () => callFn(site.url, 'getCourse', { resourceId: course }, { cookie: owner, method: 'GET' }),
    (a) => a.status === 200,
  );
}, 90_000);
afterAll(async () => {
  await site?.stop();
  rmSync(libraryDir, { recursive: true, force: true });
});

const get = (id: string, input: unknown, cookie?: string) => callFn(site.url, id, input, { cookie, method: 'GET' });
const complete = (lessonSlug: string, cookie = owner) => callFn(site.url, 'completeLesson', { resourceId: course, lessonSlug }, { cookie });

/** The events recorded for a lesson, straight from the log. */
async function completions(): Promise<Array<{ lesson: string }>> {
  const client = new Client({ connectionString: site.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select data->>'lessonSlug' as lesson from events where type = 'CourseLessonCompleted' and data->>'resourceId' = $1 order by position`,
      [course],
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe('a course its buyer opens', () => {
  it('lists the lessons in order, none done, starting with the first', async () => {
    const answer = await get('getCourse', { resourceId: course }, owner);
    expect(answer.result).toMatchObject({
      resourceId: course,
      title: FIXTURE_COURSE.title,
      doneCount: 0,
      total: 3,
      continueWith: { slug: first, title: 'Recording well' },
    });
    expect(answer.result.lessons.map((l: { slug: string; done: boolean }) => [l.slug, l.done])).toEqual([
      [first, false],
      [second, false],
      [third, false],
    ]);
  });

  it('serves a lesson’s built HTML with its neighbours', async () => {
    const answer = await get('getLesson', { resourceId: course, lessonSlug: second }, owner);
    expect(answer.result).toMatchObject({
      courseTitle: FIXTURE_COURSE.title,
      position: 2,
      previous: { slug: first },
      next: { slug: third },
      lesson: { slug: second, done: false, minutes: 8 },
    });
    expect(answer.result.lesson.html).toContain('Pick the interview preset');
    expect((await get('getLesson', { resourceId: course, lessonSlug: first }, owner)).result).toMatchObject({ previous: null, next: { slug: second } });
    expect((await get('getLesson', { resourceId: course, lessonSlug: third }, owner)).result).toMatchObject({ previous: { slug: second }, next: null });
  });

  it('records a completed lesson once, however often (and however concurrently) it is completed', async () => {
    expect((await complete(first)).result).toEqual({ recorded: true, doneCount: 1, total: 3, continueWith: { slug: second, title: 'Choosing a preset' } });
    const repeats = await Promise.all(Array.from({ length: 5 }, () => complete(first)));
    expect(repeats.map((r) => r.result)).toEqual(
      Array(5).fill({ recorded: false, doneCount: 1, total: 3, continueWith: { slug: second, title: 'Choosing a preset' } }),
    );
    const racing = await Promise.all(Array.from({ length: 4 }, () => complete(third)));
    expect(racing.filter((r) => r.result?.recorded)).toHaveLength(1);
    expect(await completions()).toEqual([{ lesson: first }, { lesson: third }]);

    expect((await get('getLesson', { resourceId: course, lessonSlug: third }, owner)).result.lesson.done).toBe(true);
    expect((await get('getCourse', { resourceId: course }, owner)).result).toMatchObject({ doneCount: 2, continueWith: { slug: second } });
  });

  it('reports every course the account can open, with its progress, for the dashboard', async () => {
    expect((await get('getCourseProgress', {}, owner)).result).toEqual({
      courses: [{ resourceId: course, title: FIXTURE_COURSE.title, doneCount: 2, total: 3, continueWith: { slug: second, title: 'Choosing a preset' } }],
    });
    await complete(second);
    expect((await get('getCourseProgress', {}, owner)).result.courses[0]).toMatchObject({ doneCount: 3, continueWith: null });
  });
});

describe('refusals', () => {
  it('sends a signed-out visitor to sign in and back to the page; a signed-out write is a 401', async () => {
    expect((await get('getCourse', { resourceId: course })).redirect).toMatchObject({ to: '/', search: { sign_in: 'open', redirect_url: `/learn/${course}` } });
    expect((await get('getLesson', { resourceId: course, lessonSlug: second })).redirect?.search).toEqual({
      sign_in: 'open',
      redirect_url: `/learn/${course}/${second}`,
    });
    expect((await callFn(site.url, 'completeLesson', { resourceId: course, lessonSlug: first })).status).toBe(401);
    expect((await get('getCourseProgress', {})).status).toBe(401);
  });

  it('refuses someone who does not own the course with a 403 that says how to get it, and records nothing', async () => {
    const before = await completions();
    for (const answer of [
      await get('getCourse', { resourceId: course }, stranger),
      await get('getLesson', { resourceId: course, lessonSlug: first }, stranger),
      await complete(first, stranger),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.error).toMatchObject({
        code: 'courses.not_entitled',
        message: expect.stringContaining(`“${FIXTURE_COURSE.title}” is not on your account. Get it on its page`),
      });
      expect(JSON.stringify(answer)).not.toContain('Pick the interview preset');
    }
    expect((await get('getCourseProgress', {}, stranger)).result).toEqual({ courses: [] });
    expect(await completions()).toEqual(before);
  });

  it('answers 404 for a lesson or course that does not exist, and for a resource without lessons', async () => {
    expect(await get('getLesson', { resourceId: course, lessonSlug: '04-not-written' }, owner)).toMatchObject({
      status: 404,
      error: { code: 'courses.lesson_not_found' },
    });
    expect(await complete('04-not-written')).toMatchObject({ status: 404, error: { code: 'courses.lesson_not_found' } });
    expect(await get('getCourse', { resourceId: 'no-such-course' }, owner)).toMatchObject({ status: 404, error: { code: 'courses.course_not_found' } });
    expect(await get('getCourse', { resourceId: 'meeting-notes-system' }, owner)).toMatchObject({ status: 404, error: { code: 'courses.course_not_found' } });
  });

  it('refuses hostile lesson slugs with a 4xx envelope and changes nothing', async () => {
    const before = await completions();
    const hostile = [
      '01-recording-well\u0000',
      '../../../etc/passwd',
      '..%2F..%2Fmanifest',
      '\ud800',
      'a'.repeat(100_000),
      '01-recording-well/../02-choosing-a-preset',
      '',
    ];
    for (const lessonSlug of hostile) {
      const written = await complete(lessonSlug);
      expect([400, 413]).toContain(written.status);
      expect(written.error?.code).toMatch(/^(VALIDATION_FAILED|PAYLOAD_TOO_LARGE)$/);
      if (lessonSlug.length < 1000) {
        const read = await get('getLesson', { resourceId: course, lessonSlug }, owner);
        expect(read.status).toBe(400);
        expect(read.error?.code).toBe('VALIDATION_FAILED');
      }
    }
    expect((await get('getCourse', { resourceId: '../library' }, owner)).status).toBe(400);
    expect(await completions()).toEqual(before);
  });
});

describe('before JavaScript loads', () => {
  const post = (lessonSlug: string, cookie: string | undefined = owner) =>
    fetch(`${site.url}/_serverFn/completeLesson`, {
      method: 'POST',
      body: new URLSearchParams({ resourceId: course, lessonSlug }),
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      redirect: 'manual',
    });

  it('"Mark complete and continue" is a form: a 303 to the next lesson, after the last to the course, signed out to sign in and back', async () => {
    const next = await post(second);
    expect(next.status).toBe(303);
    expect(next.headers.get('location')).toBe(`/learn/${course}/${third}`);
    const after = await post(third);
    expect(after.status).toBe(303);
    expect(after.headers.get('location')).toBe(`/learn/${course}`);
    const signedOut = await post(first, '');
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toContain(`redirect_url=${encodeURIComponent(`/learn/${course}/${first}`)}`);
  });
});
