import { deciderSpec } from '../../../../test/support/decider-spec';
import { availabilityDecider, type HostSchedule } from './availability.decider';
import { HostAvailabilityChanged } from './availability.events';

const spec = deciderSpec(availabilityDecider);

describe('a host who has never saved their hours', () => {
  it('records the schedule as written, at the moment the command brings', () => {
    spec
      .given([])
      .when({ type: 'SaveHostAvailability', hostUserId: 'host-1', hostName: 'Hannah', schedule: mornings(), at: '2026-11-25T09:00:00.000Z' })
      .then([HostAvailabilityChanged({ hostUserId: 'host-1', hostName: 'Hannah', schedule: mornings(), at: '2026-11-25T09:00:00.000Z' })]);
  });
});

describe('a host with saved hours', () => {
  const saved = HostAvailabilityChanged({ hostUserId: 'host-1', hostName: 'Hannah', schedule: mornings(), at: '2026-11-24T09:00:00.000Z' });

  it('records a new schedule, which replaces the last', () => {
    const afternoons = { ...mornings(), weekly: { ...mornings().weekly, '1': [{ start: '13:00', end: '17:00' }] } };
    spec
      .given([saved])
      .when({ type: 'SaveHostAvailability', hostUserId: 'host-1', hostName: 'Hannah', schedule: afternoons, at: '2026-11-25T09:00:00.000Z' })
      .then([HostAvailabilityChanged({ hostUserId: 'host-1', hostName: 'Hannah', schedule: afternoons, at: '2026-11-25T09:00:00.000Z' })]);
  });

  it('records the same schedule again: the save is the host\'s "updated at"', () => {
    spec
      .given([saved])
      .when({ type: 'SaveHostAvailability', hostUserId: 'host-1', hostName: 'Hannah', schedule: mornings(), at: '2026-11-25T09:00:00.000Z' })
      .then((events, state) => {
        expect(events.map((e) => e.data.at)).toEqual(['2026-11-25T09:00:00.000Z']);
        expect(state.saves).toBe(2);
      });
  });
});

describe('opening the hours of a host who has none', () => {
  it('records the schedule as their first', () => {
    spec
      .given([])
      .when({ type: 'OpenHostAvailability', hostUserId: 'host-1', hostName: 'Hannah', schedule: mornings(), at: '2026-11-25T09:00:00.000Z' })
      .then([HostAvailabilityChanged({ hostUserId: 'host-1', hostName: 'Hannah', schedule: mornings(), at: '2026-11-25T09:00:00.000Z' })]);
  });
});

describe('opening the hours of a host who has some', () => {
  it('changes nothing, whatever the host saved since', () => {
    const saved = HostAvailabilityChanged({
      hostUserId: 'host-1',
      hostName: 'Hannah',
      schedule: { ...mornings(), timeZone: 'Asia/Tokyo' },
      at: '2026-11-24T09:00:00.000Z',
    });
    spec
      .given([saved])
      .when({ type: 'OpenHostAvailability', hostUserId: 'host-1', hostName: 'Hannah', schedule: mornings(), at: '2026-11-25T09:00:00.000Z' })
      .then([]);
  });
});

function mornings(): HostSchedule {
  const day = [{ start: '09:00', end: '12:00' }];
  return {
    timeZone: 'Europe/Berlin',
    weekly: { '1': day, '2': day, '3': day, '4': day, '5': day, '6': [], '7': [] },
    overrides: {},
    bufferMinutes: 15,
    minimumNoticeMinutes: 720,
    horizonDays: 28,
    meetingUrl: null,
  };
}
