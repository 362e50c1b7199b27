import { typesInPayload, typesPayload } from './appended-types';

describe('the types a wake-up names', () => {
  it('lists them comma-separated and reads them back', () => {
    expect(typesPayload(new Set(['LicenseGranted', 'PurchaseCompleted']))).toBe('LicenseGranted,PurchaseCompleted');
    expect(typesInPayload('LicenseGranted,PurchaseCompleted')).toEqual(new Set(['LicenseGranted', 'PurchaseCompleted']));
  });

  it('names none (every projector wakes) for unknown types, a type with a comma, or more than a NOTIFY holds', () => {
    expect(typesPayload('all')).toBe('');
    expect(typesPayload(new Set())).toBe('');
    expect(typesPayload(new Set(['Odd,Type']))).toBe('');
    expect(typesPayload(new Set(Array.from({ length: 800 }, (_, i) => `SomethingHappened${i}`)))).toBe('');
    expect(typesInPayload('')).toBeNull();
    expect(typesInPayload(undefined)).toBeNull();
  });
});
