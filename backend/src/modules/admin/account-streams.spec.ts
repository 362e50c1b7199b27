import { StreamKinds } from '../../events/stream-kinds';
import { bookingStreamKinds } from '../booking';
import { checkoutStreamKinds } from '../checkout';
import { courseStreamKinds } from '../courses';
import { creditStreamKinds } from '../credits';
import { deviceStreamKinds } from '../devices';
import { libraryStreamKinds } from '../library';
import { licenseStreamKinds } from '../licenses';
import { subscriptionStreamKinds } from '../subscriptions';
import { supportStreamKinds } from '../support';
import { adminStreamKinds } from './admin.stream-kinds';
import { kindOfStream as kindIn } from './account-streams';

const registered = new StreamKinds().add(
  ...licenseStreamKinds,
  ...deviceStreamKinds,
  ...creditStreamKinds,
  ...checkoutStreamKinds,
  ...subscriptionStreamKinds,
  ...libraryStreamKinds,
  ...courseStreamKinds,
  ...bookingStreamKinds,
  ...supportStreamKinds,
  ...adminStreamKinds,
);
const kindOfStream = (streamId: string) => kindIn(registered, streamId);

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
