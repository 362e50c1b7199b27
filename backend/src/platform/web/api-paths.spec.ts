import { isApiPath } from './api-paths';

describe('isApiPath', () => {
  it('claims the machine prefixes and what is under them', () => {
    for (const path of ['/api', '/api/', '/api/plugin/x', '/webhooks/stripe', '/_serverFn', '/_serverFn/a/b', '/v1', '/v1/customers/cus_x'])
      expect(isApiPath(path)).toBe(true);
  });

  it('leaves pages that merely start with the same letters to the site', () => {
    for (const path of ['/', '/apis', '/api-docs', '/webhooks-guide', '/resources/api', '/_serverFnx', '/v1x', '/docs/v1']) expect(isApiPath(path)).toBe(false);
  });
});
