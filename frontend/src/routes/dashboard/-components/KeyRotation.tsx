import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { FormAlert } from '../../../components/forms/FormField';
import { Button } from '../../../components/ui/Button';
import { rotateLicenseKeyMutation } from '../../../queries/licenses';

/** Replace a key, after saying what that means: the old key stops working at once. */
export function KeyRotation({ licenseId }: { licenseId: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation(rotateLicenseKeyMutation(queryClient, { onSuccess: () => setConfirming(false) }));
  if (!confirming) {
    return (
      <div className="space-y-2">
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
          <RefreshCw aria-hidden="true" /> Replace key
        </Button>
        {rotate.isSuccess ? (
          <p role="status" className="text-sm text-success">
            New key ready. Paste it into the plugin on each of your devices.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div role="group" aria-label="Replace the license key" className="space-y-3 rounded-xl border border-line-strong p-4">
      <p className="text-sm text-ink">
        The current key stops working at once, on every device. You will paste the new key into the plugin. Seats and devices stay as they are.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => rotate.mutate(licenseId)} disabled={rotate.isPending} aria-busy={rotate.isPending}>
          {rotate.isPending ? 'Replacing…' : 'Replace the key'}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirming(false)} disabled={rotate.isPending}>
          Keep the current key
        </Button>
      </div>
      {rotate.error ? <FormAlert>{rotate.error.message}</FormAlert> : null}
    </div>
  );
}
