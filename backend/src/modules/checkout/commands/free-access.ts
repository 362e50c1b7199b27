import type { CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import type { EventStore } from '../../../events/event-store';
import { StreamVersionConflictError } from '../../../events/event-store.errors';
import { ResourceAccessGranted } from '../checkout.events';

export const freeAccessStreamId = (userId: string, resourceId: string) => `freeaccess-${userId}-${resourceId}`;

/** A free resource on a user's account: granted once, however often they ask. */
export async function grantFreeAccess(store: EventStore, userId: string, resourceId: string, metadata: EventMetadata): Promise<CommandOutcome<null>> {
  const streamId = freeAccessStreamId(userId, resourceId);
  if ((await store.readStream(streamId)).length > 0) return { status: 'unchanged', state: null };
  const event = ResourceAccessGranted({ userId, resourceId, source: 'free', sourceRef: streamId, at: new Date().toISOString() });
  try {
    const result = await store.append(streamId, 'no-stream', [event], metadata);
    return result.status === 'appended' ? { ...result, state: null, events: [event] } : { ...result, state: null };
  } catch (error) {
    if (!(error instanceof StreamVersionConflictError)) throw error;
    return { status: 'unchanged', state: null };
  }
}
