import type { z } from 'zod';

/** Turns data stored at one schema version into the shape of the next. */
export type Upcaster = (data: unknown) => unknown;

export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly type: Type;
  readonly schemaVersion: number;
  readonly schema: Schema;
  /** upcasters[n] lifts data stored at version n to version n + 1. */
  readonly upcasters: Readonly<Record<number, Upcaster>>;
  /** Names it was stored under before a rename: rows of those types are read as this event. */
  readonly formerTypes: readonly string[];
}

export type EventData<D extends EventDefinition> = z.output<D['schema']>;

/** A domain event before it is stored: its registered type and its data. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export function defineEvent<const Type extends string, Schema extends z.ZodType>(definition: {
  type: Type;
  schemaVersion: number;
  schema: Schema;
  upcasters?: Record<number, Upcaster>;
  formerTypes?: readonly string[];
}): EventDefinition<Type, Schema> & { (data: z.input<Schema>): NewEvent<Type, z.output<Schema>> } {
  // The stored name is forever: the past-tense PascalCase name of the exported constant.
  if (!/^[A-Z][A-Za-z0-9]*$/.test(definition.type)) throw new Error(`"${definition.type}" is not a PascalCase event name such as LicenseGranted`);
  if (!Number.isInteger(definition.schemaVersion) || definition.schemaVersion < 1) {
    throw new Error(`${definition.type}: schemaVersion must be a positive integer`);
  }
  for (let version = 1; version < definition.schemaVersion; version += 1) {
    if (!definition.upcasters?.[version]) throw new Error(`${definition.type}: no upcaster from version ${version}`);
  }
  for (const from of Object.keys(definition.upcasters ?? {}).map(Number)) {
    if (!(from >= 1 && from < definition.schemaVersion)) throw new Error(`${definition.type}: an upcaster from version ${from} has nothing to lift to`);
  }
  const create = (data: z.input<Schema>) => ({ type: definition.type, data: definition.schema.parse(data) as z.output<Schema> });
  return Object.assign(create, { ...definition, upcasters: definition.upcasters ?? {}, formerTypes: definition.formerTypes ?? [] });
}

export class UnknownEventTypeError extends Error {
  constructor(readonly type: string) {
    super(`No event type "${type}" is registered; register its definition before reading it.`);
    this.name = 'UnknownEventTypeError';
  }
}

export class EventSchemaError extends Error {
  constructor(
    readonly type: string,
    readonly schemaVersion: number,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`${type} v${schemaVersion} does not match its schema: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    this.name = 'EventSchemaError';
  }
}

/** Every event type the system knows, with its current schema version and upcasters. */
export class EventRegistry {
  private readonly definitions = new Map<string, EventDefinition>();

  register(...definitions: EventDefinition[]): this {
    for (const definition of definitions) {
      for (const type of [definition.type, ...definition.formerTypes]) {
        const existing = this.definitions.get(type);
        if (existing && existing !== definition) throw new Error(`Event type ${type} is registered twice`);
        this.definitions.set(type, definition);
      }
    }
    return this;
  }

  get(type: string): EventDefinition {
    const definition = this.definitions.get(type);
    if (!definition) throw new UnknownEventTypeError(type);
    return definition;
  }

  types(): string[] {
    return [...new Set(this.definitions.values())].map((definition) => definition.type).sort();
  }

  /** The name a stored type is read as now: its definition's, once renamed. */
  currentType(storedType: string): string {
    return this.definitions.get(storedType)?.type ?? storedType;
  }

  /** These types and every name they were stored under, for filtering stored rows. */
  storedTypes(types: readonly string[]): string[] {
    return types.flatMap((type) => [type, ...(this.definitions.get(type)?.formerTypes ?? [])]);
  }

  /** Validates new data against the current schema before it is stored. */
  encode(event: NewEvent): { type: string; schemaVersion: number; data: unknown } {
    const definition = this.get(event.type);
    const parsed = definition.schema.safeParse(event.data);
    if (!parsed.success) throw new EventSchemaError(event.type, definition.schemaVersion, parsed.error.issues);
    return { type: definition.type, schemaVersion: definition.schemaVersion, data: parsed.data };
  }

  /** Upcasts stored data from its version to the current one and validates it; rows stay as stored. */
  decode(type: string, schemaVersion: number, data: unknown): unknown {
    const definition = this.get(type);
    if (schemaVersion > definition.schemaVersion) {
      throw new Error(`${type} v${schemaVersion} is newer than this code knows (v${definition.schemaVersion})`);
    }
    let current = data;
    for (let version = schemaVersion; version < definition.schemaVersion; version += 1) {
      current = definition.upcasters[version]!(current);
    }
    const parsed = definition.schema.safeParse(current);
    if (!parsed.success) throw new EventSchemaError(type, schemaVersion, parsed.error.issues);
    return parsed.data;
  }
}
