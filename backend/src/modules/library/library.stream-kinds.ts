import type { StreamKind } from '../../events/stream-kinds';
import { downloadsStreamId } from './library.events';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const libraryStreamKinds: readonly StreamKind[] = [
  { prefix: downloadsStreamId(''), module: 'library', label: 'library' },
  // fileVersionsStreamId(resourceId, name): a file's versions, no account's.
  { prefix: 'libraryfile-', module: 'library', label: 'library files' },
];
