import { parsePublishableKey, PublishableKeyError } from './publishable-key';

const key = (prefix: string, decoded: string) => `${prefix}${Buffer.from(decoded).toString('base64').replace(/=+$/, '')}`;

describe('parsePublishableKey', () => {
  it('reads the instance type and frontend API of a well-formed key', () => {
    expect(parsePublishableKey(key('pk_test_', 'clerk.example.com$'))).toEqual({ instanceType: 'development', frontendApi: 'clerk.example.com' });
    expect(parsePublishableKey(key('pk_live_', 'identity.local$'))).toEqual({ instanceType: 'production', frontendApi: 'identity.local' });
    expect(parsePublishableKey(` ${key('pk_live_', 'clerk.sculpt.app$')}==`.replace('==', ''))).toMatchObject({ frontendApi: 'clerk.sculpt.app' });
  });

  it('names a missing key', () => {
    for (const missing of [undefined, null, '', '   ']) {
      expect(() => parsePublishableKey(missing)).toThrow(expect.objectContaining({ code: 'missing_publishable_key' }));
    }
  });

  it('names a malformed key', () => {
    for (const bad of [
      'sk_test_abc',
      'pk_test_',
      'pk_test_!!!',
      key('pk_test_', 'clerk.example.com'),
      key('pk_live_', 'nodot$'),
      key('pk_test_', 'a$b.com$'),
      'pk_prod_' + Buffer.from('clerk.example.com$').toString('base64'),
    ]) {
      expect(() => parsePublishableKey(bad)).toThrow(PublishableKeyError);
      expect(() => parsePublishableKey(bad)).toThrow(expect.objectContaining({ code: 'invalid_publishable_key' }));
    }
  });
});
