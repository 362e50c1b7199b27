import type { EventDefinition, NewEvent } from '../../events/event-registry';

type Definition = EventDefinition & ((data: never) => NewEvent);

/**
 * The event as one of a module's union when its type is one of `definitions`, else null. Only
 * for events the registry decoded: their data was validated by the schema their type names.
 */
export function narrowEvent<D extends Definition>(definitions: readonly D[], event: NewEvent): ReturnType<D> | null {
  return definitions.some((definition) => definition.type === event.type) ? (event as ReturnType<D>) : null;
}
