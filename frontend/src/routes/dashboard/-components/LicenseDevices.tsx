import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MonitorX } from 'lucide-react';
import type { DashboardLicense, LicenseDeviceSeat } from '@contracts/dashboard/dashboard.contract';
import { COOL_DOWN_HOURS, FREE_RELEASES_PER_WINDOW, RELEASE_WINDOW_DAYS } from '@contracts/plugin/device-release-rule';
import { FormAlert } from '../../../components/forms/FormField';
import { Button } from '../../../components/ui/Button';
import { formatDay, formatDayTime } from '../../../lib/dates';
import { releaseLicenseDeviceMutation } from '../../../queries/licenses';

type Device = LicenseDeviceSeat['devices'][number];

const deviceLabel = (device: Device) => device.name ?? 'Unnamed device';
const RULE = `The first ${FREE_RELEASES_PER_WINDOW} releases of a seat in any ${RELEASE_WINDOW_DAYS} days free the slot at once; after that, a released slot stays taken for ${COOL_DOWN_HOURS} hours.`;

/** Whether this release would free its slot at once, given the seat's releases in the window. */
function releaseOutlook(seat: LicenseDeviceSeat): string {
  return seat.recentReleases < FREE_RELEASES_PER_WINDOW
    ? `This seat has had ${seat.recentReleases} of its ${FREE_RELEASES_PER_WINDOW} free releases, so the slot frees at once.`
    : `This seat has used its ${FREE_RELEASES_PER_WINDOW} free releases, so the slot frees ${COOL_DOWN_HOURS} hours from now.`;
}

function DeviceRow({
  licenseId,
  seat,
  device,
  onReleased,
}: {
  licenseId: string;
  seat: LicenseDeviceSeat;
  device: Device;
  onReleased: (notice: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // Back from the confirmation (kept the device): focus returns to its Release button.
    if (wasConfirming.current && !confirming) row.current?.querySelector<HTMLButtonElement>('button[data-release]')?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const queryClient = useQueryClient();
  const release = useMutation(
    releaseLicenseDeviceMutation(queryClient, {
      onSuccess: ({ released, slotFreeAt }) => {
        const cooling = slotFreeAt && Date.parse(slotFreeAt) > Date.now();
        onReleased(
          !released
            ? `${deviceLabel(device)} was already released.`
            : cooling
              ? `${deviceLabel(device)} released. Its slot frees at ${formatDayTime(slotFreeAt)}.`
              : `${deviceLabel(device)} released. Its slot is free now.`,
        );
      },
    }),
  );
  return (
    <li ref={row} className="space-y-3 px-4 py-3 text-sm" data-testid="license-device">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">{deviceLabel(device)}</p>
          <p className="text-ink-subtle">
            Activated {formatDay(device.activatedAt)} · last seen {device.lastSeenAt ? formatDayTime(device.lastSeenAt) : 'not yet'} · plugin{' '}
            {device.pluginVersion ?? 'unknown'}
          </p>
        </div>
        {!confirming ? (
          <Button variant="ghost" size="sm" data-release onClick={() => setConfirming(true)} aria-label={`Release ${deviceLabel(device)}`}>
            <MonitorX aria-hidden="true" /> Release
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <div role="group" aria-label={`Release ${deviceLabel(device)}`} className="space-y-3 rounded-xl border border-line-strong p-4">
          <p className="text-ink">
            {deviceLabel(device)} gives up its slot, so another device can take it. If the plugin there checks in again while a slot is free, it takes one
            again.
          </p>
          <p className="text-ink-muted">
            {RULE} {releaseOutlook(seat)}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              autoFocus
              onClick={() => release.mutate({ licenseId, deviceHash: device.deviceHash })}
              disabled={release.isPending}
              aria-busy={release.isPending}
            >
              {release.isPending ? 'Releasing…' : 'Release this device'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)} disabled={release.isPending}>
              Keep it
            </Button>
          </div>
          {release.error ? <FormAlert>{release.error.message}</FormAlert> : null}
        </div>
      ) : null}
    </li>
  );
}

function SeatDevices({ license, seat }: { license: DashboardLicense; seat: LicenseDeviceSeat }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState('');
  const used = seat.devices.length + seat.coolingUntil.length;
  // Called once the dashboard is read again (the mutation refreshes it first).
  const onReleased = (message: string) => {
    setNotice(message);
    // The released row is gone: keep keyboard focus in this seat rather than at the top of the page.
    heading.current?.focus();
  };
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-line" data-testid="device-seat">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-3">
        <h4 id={headingId} ref={heading} tabIndex={-1} className="min-w-0 truncate text-sm font-medium text-ink">
          {seat.seat === 'owner' ? 'Your seat' : seat.seat}
        </h4>
        <span className="text-sm text-ink-muted" data-testid="devices-used">
          {used} of {license.devicesPerSeat} devices
        </span>
      </div>
      {seat.devices.length === 0 ? (
        <p className="px-4 py-3 text-sm text-ink-muted">
          No device has checked in with this seat's key yet. A device takes a slot the first time the plugin checks the license there.
        </p>
      ) : (
        <ul className="divide-y divide-line">
          {seat.devices.map((device) => (
            <DeviceRow key={device.deviceHash} licenseId={license.licenseId} seat={seat} device={device} onReleased={onReleased} />
          ))}
        </ul>
      )}
      {seat.coolingUntil.length > 0 ? (
        <p className="px-4 pb-3 text-sm text-ink-muted">
          {seat.coolingUntil.length === 1 ? 'A released slot is' : `${seat.coolingUntil.length} released slots are`} cooling down: the next frees at{' '}
          {formatDayTime(seat.coolingUntil[0]!)}.
        </p>
      ) : null}
      <p role="status" className={notice ? 'px-4 pb-3 text-sm text-success' : 'sr-only'}>
        {notice}
      </p>
    </section>
  );
}

/** The devices holding each seat's slots, when each was last seen, and releasing one. */
export function LicenseDevices({ license }: { license: DashboardLicense }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h3 id={headingId} className="text-sm font-medium text-ink">
          Devices
        </h3>
        <p className="mt-1 text-sm text-ink-muted">
          Each seat can be active on {license.devicesPerSeat} {license.devicesPerSeat === 1 ? 'device' : 'devices'}. {RULE}
        </p>
      </div>
      {license.deviceSeats.map((seat) => (
        <SeatDevices key={seat.seat} license={license} seat={seat} />
      ))}
    </section>
  );
}
