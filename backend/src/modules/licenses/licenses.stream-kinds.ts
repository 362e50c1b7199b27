import type { StreamKind } from '../../events/stream-kinds';
import { licenseStreamId } from './licenses.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const licenseStreamKinds: readonly StreamKind[] = [{ prefix: licenseStreamId(''), module: 'licenses', label: 'licenses' }];
