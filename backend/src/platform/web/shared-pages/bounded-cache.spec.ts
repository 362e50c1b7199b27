import { BoundedCache } from './bounded-cache';

const cache = (maxEntries: number, maxBytes: number) => new BoundedCache<string>({ maxEntries, maxBytes }, (value) => value.length);

describe('a cache bounded in entries and bytes', () => {
  it('drops the least recently used entry past its entry limit', () => {
    const pages = cache(2, 100);
    pages.set('a', 'x');
    pages.set('b', 'x');
    pages.get('a');
    pages.set('c', 'x');
    expect([pages.get('a'), pages.get('b'), pages.get('c')]).toEqual(['x', undefined, 'x']);
  });

  it('drops the oldest entries until the bytes fit, and keeps nothing larger than the limit', () => {
    const pages = cache(10, 10);
    pages.set('a', 'xxxx');
    pages.set('b', 'xxxx');
    pages.set('c', 'xxxx');
    expect([pages.get('a'), pages.size]).toEqual([undefined, 2]);
    pages.set('d', 'x'.repeat(11));
    expect([pages.get('d'), pages.size]).toEqual([undefined, 2]);
  });

  it('counts a replaced entry once', () => {
    const pages = cache(10, 10);
    for (let i = 0; i < 5; i += 1) pages.set('a', 'xxxxxxxx');
    pages.set('b', 'xx');
    expect([pages.get('a'), pages.get('b')]).toEqual(['xxxxxxxx', 'xx']);
  });
});
