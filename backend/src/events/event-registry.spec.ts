import { z } from 'zod';
import { defineEvent, EventRegistry, EventSchemaError, UnknownEventTypeError } from './event-registry';

const LicenseGranted = defineEvent({
  type: 'LicenseGranted',
  schemaVersion: 3,
  schema: z.object({ licenseId: z.string(), seats: z.number().int(), plan: z.enum(['solo', 'team']) }),
  upcasters: {
    // v1 had no seats; v2 had no plan.
    1: (data) => ({ ...(data as object), seats: 1 }),
    2: (data) => ({ ...(data as object), plan: 'solo' }),
  },
});

const registry = () => new EventRegistry().register(LicenseGranted);

describe('defineEvent', () => {
  it('makes a constructor that validates and tags the data', () => {
    expect(LicenseGranted({ licenseId: 'l1', seats: 2, plan: 'team' })).toEqual({ type: 'LicenseGranted', data: { licenseId: 'l1', seats: 2, plan: 'team' } });
    expect(() => LicenseGranted({ licenseId: 'l1', seats: 1.5, plan: 'team' })).toThrow();
  });

  it('starts every event at a positive schema version', () => {
    expect(() => defineEvent({ type: 'ThingHappened', schemaVersion: 0, schema: z.object({}) })).toThrow(/positive integer/);
  });

  it('needs an upcaster for every older version', () => {
    expect(() => defineEvent({ type: 'ThingHappened', schemaVersion: 3, schema: z.object({}), upcasters: { 1: (d) => d } })).toThrow(
      /no upcaster from version 2/,
    );
  });

  it('refuses an upcaster from the current version or beyond', () => {
    expect(() => defineEvent({ type: 'ThingHappened', schemaVersion: 1, schema: z.object({}), upcasters: { 1: (d) => d } })).toThrow(/nothing to lift to/);
  });

  it('takes PascalCase names only, the name of the exported constant', () => {
    expect(() => defineEvent({ type: 'license.granted', schemaVersion: 1, schema: z.object({}) })).toThrow(/PascalCase/);
  });
});

describe('EventRegistry', () => {
  it('encodes new data at the current schema version', () => {
    expect(registry().encode(LicenseGranted({ licenseId: 'l1', seats: 1, plan: 'solo' }))).toEqual({
      type: 'LicenseGranted',
      schemaVersion: 3,
      data: { licenseId: 'l1', seats: 1, plan: 'solo' },
    });
  });

  it('refuses to encode data that breaks the schema, naming the field', () => {
    expect(() => registry().encode({ type: 'LicenseGranted', data: { licenseId: 'l1', seats: 'many', plan: 'solo' } })).toThrow(EventSchemaError);
    expect(() => registry().encode({ type: 'LicenseGranted', data: { licenseId: 'l1', seats: 'many', plan: 'solo' } })).toThrow(/seats/);
  });

  it('upcasts v1 data through v2 to v3 on decode', () => {
    expect(registry().decode('LicenseGranted', 1, { licenseId: 'l1' })).toEqual({ licenseId: 'l1', seats: 1, plan: 'solo' });
    expect(registry().decode('LicenseGranted', 2, { licenseId: 'l1', seats: 5 })).toEqual({ licenseId: 'l1', seats: 5, plan: 'solo' });
    expect(registry().decode('LicenseGranted', 3, { licenseId: 'l1', seats: 5, plan: 'team' })).toEqual({ licenseId: 'l1', seats: 5, plan: 'team' });
  });

  it('does not change the stored data it upcasts', () => {
    const stored = { licenseId: 'l1' };
    registry().decode('LicenseGranted', 1, stored);
    expect(stored).toEqual({ licenseId: 'l1' });
  });

  it('raises UnknownEventTypeError, naming the type, for a type nobody registered', () => {
    expect(() => registry().decode('LicenseRevoked', 1, {})).toThrow(UnknownEventTypeError);
    expect(() => registry().decode('LicenseRevoked', 1, {})).toThrow(/"LicenseRevoked"/);
  });

  it('refuses data stored by newer code than this', () => {
    expect(() => registry().decode('LicenseGranted', 4, {})).toThrow(/newer than this code knows/);
  });

  it('refuses stored data that no longer fits after upcasting', () => {
    expect(() => registry().decode('LicenseGranted', 1, { license: 'l1' })).toThrow(EventSchemaError);
  });

  it('registers a definition once; the same name twice is a mistake', () => {
    const again = defineEvent({ type: 'LicenseGranted', schemaVersion: 1, schema: z.object({}) });
    expect(() => registry().register(LicenseGranted)).not.toThrow();
    expect(() => registry().register(again)).toThrow(/registered twice/);
  });

  it('lists the registered types', () => {
    expect(registry().types()).toEqual(['LicenseGranted']);
  });

  describe('an event renamed after rows were stored under its former name', () => {
    const SeatAssigned = defineEvent({ type: 'SeatAssigned', schemaVersion: 1, schema: z.object({ email: z.string() }), formerTypes: ['LicensedUserAdded'] });
    const renamed = () => new EventRegistry().register(SeatAssigned);

    it('reads rows of the former name as the new event', () => {
      expect(renamed().currentType('LicensedUserAdded')).toBe('SeatAssigned');
      expect(renamed().decode('LicensedUserAdded', 1, { email: 'a@example.com' })).toEqual({ email: 'a@example.com' });
    });

    it('filters stored rows by both names, lists and stores only the new one', () => {
      expect(renamed().storedTypes(['SeatAssigned', 'Unknown'])).toEqual(['SeatAssigned', 'LicensedUserAdded', 'Unknown']);
      expect(renamed().types()).toEqual(['SeatAssigned']);
      expect(renamed().encode(SeatAssigned({ email: 'a@example.com' })).type).toBe('SeatAssigned');
      expect(renamed().encode({ type: 'LicensedUserAdded', data: { email: 'a@example.com' } }).type).toBe('SeatAssigned');
    });

    it('refuses a former name that another event holds', () => {
      const other = defineEvent({ type: 'LicensedUserAdded', schemaVersion: 1, schema: z.object({}) });
      expect(() => renamed().register(other)).toThrow(/LicensedUserAdded is registered twice/);
    });
  });
});
