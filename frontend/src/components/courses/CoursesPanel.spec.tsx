/** @jest-environment jsdom */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { CourseProgress } from '@contracts/courses/courses.contract';
import { courseProgressQuery } from '../../queries/courses';
import { CourseProgressLink } from './CourseProgressLink';
import { CoursesPanel } from './CoursesPanel';
import { progressLabel } from './course-words';

const started: CourseProgress = {
  resourceId: 'from-audio-to-notes',
  title: 'From Audio to Notes',
  doneCount: 3,
  total: 8,
  continueWith: { slug: '04-cleaning-transcripts', title: 'Cleaning transcripts' },
};
const fresh: CourseProgress = {
  resourceId: 'mastering-the-chat-workspace',
  title: 'Mastering the Chat Workspace',
  doneCount: 0,
  total: 14,
  continueWith: { slug: '01-context', title: 'Context' },
};
const finished: CourseProgress = { resourceId: 'vault-kickstart-bundle', title: 'Vault Kickstart Bundle', doneCount: 5, total: 5, continueWith: null };

// jsdom has no scrolling; the router restores scroll positions after each load.
beforeAll(() => {
  window.scrollTo = () => undefined;
});

/** Renders inside a router and a query cache that already holds the progress (no fetch). */
function renderWith(courses: CourseProgress[], ui: () => React.ReactNode) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(courseProgressQuery().queryKey, { courses });
  const router = createRouter({ routeTree: createRootRoute({ component: ui }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
}

describe('course progress words', () => {
  it('says start, continue with a count, or review once everything is done', () => {
    expect(progressLabel(fresh)).toBe('Start course · 14 lessons');
    expect(progressLabel(started)).toBe('Continue course · 3 of 8 lessons');
    expect(progressLabel(finished)).toBe('Review course · all 5 lessons done');
    expect(progressLabel({ doneCount: 0, total: 1, continueWith: { slug: '01-a', title: 'A' } })).toBe('Start course · 1 lesson');
  });
});

describe('CourseProgressLink', () => {
  it('links a started course to the lesson to take next', async () => {
    renderWith([started], () => <CourseProgressLink resourceId="from-audio-to-notes" />);
    const link = await screen.findByRole('link', { name: /Continue course · 3 of 8 lessons/ });
    expect(link.getAttribute('href')).toBe('/learn/from-audio-to-notes/04-cleaning-transcripts');
  });

  it('links a finished course to its overview, and renders nothing for a resource without lessons', async () => {
    renderWith([finished], () => (
      <>
        <CourseProgressLink resourceId="vault-kickstart-bundle" />
        <CourseProgressLink resourceId="meeting-notes-system" />
      </>
    ));
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/learn/vault-kickstart-bundle']);
  });
});

describe('CoursesPanel', () => {
  it('lists every course with its progress bar', async () => {
    renderWith([started, fresh], () => <CoursesPanel />);
    await screen.findByRole('heading', { name: 'Your courses' });
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuetext')])).toEqual([
      ['Progress in From Audio to Notes', '3 of 8 lessons done'],
      ['Progress in Mastering the Chat Workspace', '0 of 14 lessons done'],
    ]);
    expect(screen.getByRole('link', { name: 'From Audio to Notes' }).getAttribute('href')).toBe('/learn/from-audio-to-notes');
    expect(screen.getByRole('link', { name: /Start course · 14 lessons/ }).getAttribute('href')).toBe('/learn/mastering-the-chat-workspace/01-context');
  });

  it('shows nothing when the account has no course', async () => {
    // An empty marker beside it says the route has rendered: the panel's data is already in the cache.
    const { container } = renderWith([], () => (
      <>
        <CoursesPanel />
        <span data-testid="rendered" />
      </>
    ));
    await screen.findByTestId('rendered');
    expect(container.textContent).toBe('');
  });
});
