import type { StreamKind } from '../../events/stream-kinds';
import { hostCalendarStreamId } from './booking.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const bookingStreamKinds: readonly StreamKind[] = [{ prefix: hostCalendarStreamId(''), module: 'booking', label: 'bookings' }];
