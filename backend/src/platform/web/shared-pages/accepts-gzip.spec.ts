import { acceptsGzip } from './accepts-gzip';

describe('whether a request accepts gzip', () => {
  it('does when gzip is listed with a weight above 0, or covered by *', () => {
    for (const header of ['gzip', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.5', 'GZIP', 'x-gzip', '*', 'br, *;q=0.1'])
      expect(acceptsGzip(header)).toBe(true);
  });

  it('does not with no header, without gzip, or with gzip weighted 0', () => {
    for (const header of [undefined, '', 'identity', 'br', 'deflate, br', 'gzip;q=0', 'gzip; q=0.0, br', '*;q=0', 'gzip;q=0, *']) {
      expect(acceptsGzip(header)).toBe(false);
    }
  });
});
