import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { FileWarning } from 'lucide-react';
import { PROBLEM_COPY, PROBLEM_STATUS, type DownloadProblem } from '@contracts/library/download-problems.contract';
import { ErrorScreenFrame } from '../../components/screens/ErrorScreenFrame';
import { CallToAction } from '../../components/ui/CallToAction';
import { pageHead } from '../../lib/seo';
import { downloadProblemQuery } from '../../queries/downloads';

/** The token is the first segment after /library/files/ (the file's name may follow). */
const tokenOf = (splat: string | undefined) => (splat ?? '').split('/')[0]!.slice(0, 2000);

/**
 * A download link that does not work: the server answers its address with this page (and the
 * refusal's status, 401, 403, 404 or 410) instead of the file, in the site's frame, saying why and
 * where a fresh link comes from. A link that works never renders here: the server sends the file.
 */
export const Route = createFileRoute('/library/files/$')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(downloadProblemQuery(tokenOf(params._splat))),
  head: (ctx) => pageHead(ctx, { title: 'Download', description: 'A download from your SystemSculpt library.', path: '/library', noindex: true }),
  component: DownloadProblemPage,
});

function DownloadProblemPage() {
  const { _splat } = Route.useParams();
  const { data } = useSuspenseQuery(downloadProblemQuery(tokenOf(_splat)));
  // Reached in the browser for a link that works (a client-side visit): the file is one full page load away.
  const problem: DownloadProblem = data?.problem ?? 'unavailable';
  const { title, why } = PROBLEM_COPY[problem];
  const library = data?.resourceId ? `/library/${encodeURIComponent(data.resourceId)}` : '/library';
  return (
    <ErrorScreenFrame icon={<FileWarning aria-hidden="true" />} tone="accent" title={title} message={why}>
      <p className="mt-4 text-sm text-ink-subtle" data-testid="download-problem" data-status={PROBLEM_STATUS[problem]}>
        Error {PROBLEM_STATUS[problem]}
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        {problem === 'signed-out' ? (
          <CallToAction href={`/?sign_in=open&redirect_url=${encodeURIComponent(library)}`} size="lg">
            Sign in
          </CallToAction>
        ) : problem === 'not-entitled' && data?.resourceId ? (
          <CallToAction href={`/resources/${encodeURIComponent(data.resourceId)}`} size="lg">
            See how to get it
          </CallToAction>
        ) : (
          <CallToAction href={library} size="lg">
            Get a fresh link from your library
          </CallToAction>
        )}
        <CallToAction href="/library" variant="secondary" size="lg">
          Your library
        </CallToAction>
      </div>
    </ErrorScreenFrame>
  );
}
