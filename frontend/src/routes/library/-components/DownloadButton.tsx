import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, LoaderCircle } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { ServerFnError } from '../../../lib/server-fn-client';
import { downloadLinkMutation, downloadRecordedQuery, lastDownloadedAt, libraryItemQuery, libraryQuery, type AwaitedDownload } from '../../../queries/library';

/**
 * Asks for a fresh signed link, then lets the browser follow it: the file downloads and the page
 * stays. The link lives for minutes, so it is only made when the button is pressed.
 */
export function DownloadButton({ resourceId, fileName, label }: { resourceId: string; fileName: string; label: string }) {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(false);
  const [awaited, setAwaited] = useState<AwaitedDownload | null>(null);
  const link = useMutation(
    downloadLinkMutation({
      onSuccess: (answer) => {
        setStarted(true);
        setAwaited({ before: lastDownloadedAt(queryClient.getQueryData(libraryItemQuery(resourceId).queryKey), fileName), answeredAt: Date.now() });
        window.location.assign(answer.url);
      },
    }),
  );
  // "Last downloaded" is recorded as the download starts; the item is read again until it shows it.
  const { data: view } = useQuery(downloadRecordedQuery(resourceId, fileName, awaited));
  const recorded = awaited !== null && lastDownloadedAt(view, fileName) !== awaited.before;
  useEffect(() => {
    // The library list and the dashboard show it too: read them again when next shown.
    if (recorded) void queryClient.invalidateQueries({ queryKey: libraryQuery().queryKey, refetchType: 'none' });
  }, [recorded, queryClient]);
  useEffect(() => {
    if (!started) return;
    const timer = setTimeout(() => setStarted(false), 4_000);
    return () => clearTimeout(timer);
  }, [started]);

  const error =
    link.error instanceof ServerFnError ? link.error.message : link.error ? 'The download could not start. Check your connection and try again.' : null;
  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <Button onClick={() => link.mutate({ resourceId, fileName })} disabled={link.isPending} aria-label={`${label}: download`} className="w-full sm:w-auto">
        {link.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        {link.isPending ? 'Preparing…' : started ? 'Downloading…' : 'Download'}
      </Button>
      <p role="status" aria-live="polite" className="text-xs text-ink-subtle empty:hidden">
        {started ? 'Your download has started.' : ''}
      </p>
      {error ? (
        <p role="alert" className="max-w-xs text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
