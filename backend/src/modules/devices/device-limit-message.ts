import { formatDayTime } from '../../../../contracts/dates';

/** What the plugin shows when a new device finds its seat full: how many, and what to do. */
export function deviceLimitMessage(devicesPerSeat: number, slotFreeAt: string | null): string {
  const devices = devicesPerSeat === 1 ? 'its one device' : `its ${devicesPerSeat} devices`;
  const cooling = slotFreeAt ? ` A recently released device's slot frees at ${formatDayTime(slotFreeAt)}.` : '';
  return `This license is in use on ${devices} for this seat. Release a device in Dashboard → License to use it here.${cooling}`;
}
