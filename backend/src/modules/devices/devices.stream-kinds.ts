import type { StreamKind } from '../../events/stream-kinds';
import { deviceStreamId } from './devices.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const deviceStreamKinds: readonly StreamKind[] = [{ prefix: deviceStreamId(''), module: 'devices', label: 'devices' }];
