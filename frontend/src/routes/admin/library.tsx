import { useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CircleCheck, TriangleAlert, Upload } from 'lucide-react';
import { ADMIN_UPLOAD_PROBLEMS, type AdminUploadProblem } from '@contracts/library/library.contract';
import { formatBytes } from '../../components/library/library-labels';
import { Button } from '../../components/ui/Button';
import { StatusBanner } from '../../components/ui/StatusBanner';
import { formatDayTime } from '../../lib/dates';
import { oneOf, searchReader, text, wholeNumber } from '../../lib/search-params';
import { adminViewerQuery } from '../../queries/admin';
import { adminLibraryFilesQuery } from '../../queries/library';
import { AdminFrame } from './-components/AdminFrame';
import { AdminSignIn } from './-components/AdminSignIn';
import { OwnerOnly } from './-components/OwnerOnly';

const PROBLEM_TEXT: Record<AdminUploadProblem, string> = {
  too_large: 'That file is larger than the upload limit.',
  missing_file: 'Choose a file to upload first.',
  unknown_file: 'That resource has no such file. Upload a new version of one of the files listed.',
  forbidden: 'Sign in as an administrator to upload files.',
  owner_only: 'Only an owner can replace the files customers download.',
  cross_site: 'The upload did not come from this site, so it was refused.',
  same_bytes: 'That file is exactly the current version, so nothing changed.',
  failed: 'The upload could not be read. Try again.',
};

const readSearch = searchReader({ uploaded: text({ max: 200 }), version: wholeNumber({ min: 1 }), problem: oneOf(ADMIN_UPLOAD_PROBLEMS) });

export const Route = createFileRoute('/admin/library')({
  // Admin code (its contract, queries and loader) loads with the page, never with the public site.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: readSearch,
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(adminLibraryFilesQuery()), context.queryClient.ensureQueryData(adminViewerQuery())]),
  component: AdminLibraryPage,
});

function AdminLibraryPage() {
  const { uploaded, version, problem } = Route.useSearch();
  const { data } = useSuspenseQuery(adminLibraryFilesQuery());
  if (!data) return <AdminSignIn failed={false} />;
  return (
    <AdminFrame title="Library files">
      <p className="max-w-3xl text-sm text-ink-muted">
        Each file customers download, at its newest version. Uploading a new version gives every customer who can open the resource that file from now on;
        earlier versions stay stored, and the next start only replaces an upload when the file in the repository changes. Up to {data.maxUploadMb} MB.
      </p>
      {uploaded ? (
        <StatusBanner tone="good" icon={<CircleCheck aria-hidden="true" className="text-success" />} className="mt-5">
          {uploaded} is now version {version}.
        </StatusBanner>
      ) : null}
      {problem ? (
        <StatusBanner tone="bad" icon={<TriangleAlert aria-hidden="true" className="text-danger" />} className="mt-5">
          {PROBLEM_TEXT[problem]}
        </StatusBanner>
      ) : null}
      {data.files.length === 0 ? (
        <p className="mt-8 text-sm text-ink-muted">
          No files are published yet. Built files are published when the site starts (see the README's "The library").
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-line rounded-xl border border-line">
          {data.files.map((file) => (
            <li key={`${file.resourceId}/${file.name}`} className="flex flex-col gap-4 px-4 py-4 lg:flex-row lg:items-center lg:justify-between">
              <div className="min-w-0">
                <p className="text-xs text-ink-subtle">{file.resourceTitle}</p>
                <h2 className="font-medium text-ink">{file.title}</h2>
                <p className="mt-1 text-xs break-all text-ink-subtle">
                  {file.name} · {formatBytes(file.bytes)} · version {file.version} ({file.source === 'admin' ? 'uploaded' : 'built'}) ·{' '}
                  {formatDayTime(file.publishedAt)}
                </p>
              </div>
              <OwnerOnly instead="Only an owner uploads new versions.">
                <UploadForm resourceId={file.resourceId} fileName={file.name} title={file.title} />
              </OwnerOnly>
            </li>
          ))}
        </ul>
      )}
    </AdminFrame>
  );
}

/** A plain multipart form (it works before JavaScript loads); the server answers with a 303 back here. */
function UploadForm({ resourceId, fileName, title }: { resourceId: string; fileName: string; title: string }) {
  const [sending, setSending] = useState(false);
  const inputId = `upload-${resourceId}-${fileName}`.replace(/[^A-Za-z0-9_-]/g, '-');
  return (
    <form
      method="post"
      action="/admin/library/upload"
      encType="multipart/form-data"
      onSubmit={() => setSending(true)}
      className="flex flex-col gap-2 sm:flex-row sm:items-center"
    >
      <input type="hidden" name="resourceId" value={resourceId} />
      <input type="hidden" name="fileName" value={fileName} />
      <label htmlFor={inputId} className="sr-only">
        New version of {title}
      </label>
      <input
        id={inputId}
        name="file"
        type="file"
        required
        className="max-w-64 text-sm text-ink-muted file:mr-3 file:rounded-md file:border file:border-line-strong file:bg-surface-overlay file:px-3 file:py-1.5 file:text-ink"
      />
      <Button type="submit" size="sm" variant="secondary" disabled={sending}>
        <Upload aria-hidden="true" />
        {sending ? 'Uploading…' : 'Upload new version'}
      </Button>
    </form>
  );
}
