import { deviceLimitMessage } from './device-limit-message';

describe('the message of a full seat', () => {
  it('says how many devices and where to release one, and when a cooling slot frees', () => {
    expect(deviceLimitMessage(3, null)).toBe('This license is in use on its 3 devices for this seat. Release a device in Dashboard → License to use it here.');
    expect(deviceLimitMessage(1, '2026-11-24T14:05:09.000Z')).toBe(
      "This license is in use on its one device for this seat. Release a device in Dashboard → License to use it here. A recently released device's slot frees at Nov 24, 2026 14:05 UTC.",
    );
  });
});
