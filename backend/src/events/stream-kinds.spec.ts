import { StreamKinds } from './stream-kinds';

describe('StreamKinds', () => {
  it('files a stream under the longest prefix that matches it', () => {
    const kinds = new StreamKinds().add(
      { prefix: 'license-', module: 'licenses', label: 'licenses' },
      { prefix: 'license-devices-', module: 'devices', label: 'devices' },
    );
    expect(kinds.of('license-devices-lic_1')?.module).toBe('devices');
    expect(kinds.of('license-lic_1')?.module).toBe('licenses');
  });

  it('files a stream no module registered under nothing', () => {
    expect(new StreamKinds().add({ prefix: 'license-', module: 'licenses', label: 'licenses' }).of('replay-1')).toBeNull();
  });

  it('refuses one prefix claimed by two modules', () => {
    const kinds = new StreamKinds().add({ prefix: 'checkout-', module: 'checkout', label: 'payments' });
    expect(() => kinds.add({ prefix: 'checkout-', module: 'booking', label: 'bookings' })).toThrow('claimed by checkout and booking');
  });
});
