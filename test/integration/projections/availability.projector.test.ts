import { randomUUID } from 'node:crypto';
import type { HostScheduleInput } from '../../../contracts/availability/availability.contract';
import { availabilityEvents, HostAvailabilityChanged } from '../../../backend/src/modules/availability/availability.events';
import { AvailabilityProjector } from '../../../backend/src/modules/availability/projections/availability.projector';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new AvailabilityProjector(), availabilityEvents);

describe('AvailabilityProjector', () => {
  it('keeps each host’s latest schedule, name and time of change', async () => {
    const hostUserId = `host-${randomUUID()}`;
    await projection.given(HostAvailabilityChanged({ hostUserId, hostName: 'Hana', schedule: schedule(10), at: at(1) }));
    expect(await host(hostUserId)).toEqual({ host_name: 'Hana', schedule: schedule(10), updated_at: at(1) });
    await projection.given(HostAvailabilityChanged({ hostUserId, hostName: 'Hana K.', schedule: schedule(30), at: at(2) }));
    expect(await host(hostUserId)).toEqual({ host_name: 'Hana K.', schedule: schedule(30), updated_at: at(2) });
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const hostUserId = `host-${randomUUID()}`;
    await projection.given(HostAvailabilityChanged({ hostUserId, hostName: 'Ines', schedule: schedule(5), at: at(3) }));
    const before = await host(hostUserId);
    await projection.replay();
    expect(await host(hostUserId)).toEqual(before);
  });
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString();

const schedule = (bufferMinutes: number): HostScheduleInput => ({
  timeZone: 'Europe/Berlin',
  weekly: { 1: [{ start: '09:00', end: '12:00' }], 2: [], 3: [], 4: [{ start: '14:00', end: '17:30' }], 5: [], 6: [], 7: [] },
  overrides: { '2026-12-24': [] },
  bufferMinutes,
  minimumNoticeMinutes: 120,
  horizonDays: 30,
  meetingUrl: 'https://meet.example/hana',
});

async function host(hostUserId: string) {
  const [row] = await projection.rows<{ host_name: string; schedule: unknown; updated_at: Date }>(
    'select host_name, schedule, updated_at from rm_host_availability where host_user_id = $1',
    [hostUserId],
  );
  return row && { ...row, updated_at: row.updated_at.toISOString() };
}
