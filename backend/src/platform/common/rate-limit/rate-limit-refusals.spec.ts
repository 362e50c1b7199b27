import { limiterName, RateLimitRefusals } from './rate-limit-refusals';

const EVERY_MS = 60_000;

function refusals() {
  const lines: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const log = { warn: (fields: Record<string, unknown>, message: string) => void lines.push({ fields, message }) };
  return { lines, counted: new RateLimitRefusals(() => log as never, EVERY_MS) };
}

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') }));
afterEach(() => jest.useRealTimers());

describe('a flood of refusals from one limiter', () => {
  it('writes one line at the first refusal and counts every one', () => {
    const { lines, counted } = refusals();
    for (let i = 0; i < 20_000; i += 1) counted.record(`plugin:license:ip:203.0.113.${i % 250}`);
    expect(lines).toEqual([{ fields: { limiter: 'plugin:license', refused: 1, refusedSinceStart: 1 }, message: 'rate limit refused requests' }]);
    expect(counted.counts()).toEqual({ 'plugin:license': 20_000 });
  });

  it('says the refusals since its last line when the interval is over, even if none follow', () => {
    const { lines, counted } = refusals();
    for (let i = 0; i < 500; i += 1) counted.record('contact:ip:198.51.100.7');
    jest.advanceTimersByTime(EVERY_MS - 1);
    expect(lines).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(lines.map((line) => line.fields)).toEqual([
      { limiter: 'contact:ip', refused: 1, refusedSinceStart: 1 },
      { limiter: 'contact:ip', refused: 499, refusedSinceStart: 500 },
    ]);
    jest.advanceTimersByTime(10 * EVERY_MS);
    expect(lines).toHaveLength(2);
  });

  it('writes at once again after a quiet interval', () => {
    const { lines, counted } = refusals();
    counted.record('contact:ip:198.51.100.7');
    jest.advanceTimersByTime(2 * EVERY_MS);
    counted.record('contact:ip:198.51.100.8');
    expect(lines.map((line) => line.fields.refused)).toEqual([1, 1]);
  });
});

describe('several limiters', () => {
  it('keep their own counts and lines', () => {
    const { lines, counted } = refusals();
    for (let i = 0; i < 3; i += 1) counted.record('signin-code:ip:2001:db8::1');
    counted.record('manage-link:address:someone@example.com');
    expect(counted.counts()).toEqual({ 'signin-code:ip': 3, 'manage-link:address': 1 });
    expect(lines.map((line) => line.fields.limiter)).toEqual(['signin-code:ip', 'manage-link:address']);
  });
});

describe('limiterName', () => {
  it.each([
    ['plugin:license:ip:203.0.113.9', 'plugin:license'],
    ['signin-code:ip:2001:db8::1', 'signin-code:ip'],
    ['one-time-code:wrong:someone@example.com', 'one-time-code:wrong'],
  ])('names %s as %s, without its subject', (key, name) => {
    expect(limiterName(key)).toBe(name);
  });
});
