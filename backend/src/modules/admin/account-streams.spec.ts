import { kindOfStream } from './account-streams';

describe('kindOfStream', () => {
  it.each([
    ['license-devices-lic_1', 'devices'],
    ['license-lic_1', 'licenses'],
    ['credits-user_1', 'credits'],
    ['checkout-ref_1', 'payments'],
    ['customer-user_1', 'payments'],
    ['subscription-sub_1', 'payments'],
    ['librarydownloads-user_1', 'library'],
    ['freeaccess-user_1-res', 'library'],
    ['course-progress-res-user_1', 'library'],
    ['host-calendar-host_1', 'bookings'],
  ])('files %s under %s', (streamId, kind) => {
    expect(kindOfStream(streamId)).toBe(kind);
  });

  it('files a stream no account owns under nothing', () => {
    expect(kindOfStream('replay-1')).toBeNull();
  });
});
