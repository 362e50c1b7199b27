import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, LoaderCircle } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { ServerFnError } from '../../../lib/server-fn-client';
import { downloadLinkMutation, libraryQuery } from '../../../queries/library';

/**
 * Asks for a fresh signed link, then lets the browser follow it: the file downloads and the page
 * stays. The link lives for minutes, so it is only made when the button is pressed.
 */
export function DownloadButton({ resourceId, fileName, label }: { resourceId: string; fileName: string; label: string }) {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(false);
  const link = useMutation(
    downloadLinkMutation({
      onSuccess: (answer) => {
        setStarted(true);
        window.location.assign(answer.url);
        // "Last downloaded" changes once the browser fetches the file: every library read (this item,
        // the list, the dashboard's) is read again when next shown.
        void queryClient.invalidateQueries({ queryKey: libraryQuery().queryKey, refetchType: 'none' });
      },
    }),
  );
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
