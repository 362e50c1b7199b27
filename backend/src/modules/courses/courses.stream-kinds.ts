import type { StreamKind } from '../../events/stream-kinds';

/** The streams this module owns; its module adds them to StreamKinds at start-up. */
export const courseStreamKinds: readonly StreamKind[] = [
  // courseProgressStreamId(userId, resourceId): the resource id follows the prefix.
  { prefix: 'course-progress-', module: 'courses', label: 'library' },
];
