import { z } from 'zod';
import { checkoutSearchSchema } from '@contracts/checkout/checkout-search';
import { dashboardSearchSchema } from '@contracts/dashboard/dashboard-search';
import { readCheckoutSearch } from '../routes/checkout/-components/checkout-search';
import { readDashboardSearch } from '../routes/dashboard/-components/dashboard-search';
import { isoDateTime, logPosition, oneOf, searchReader, text, wholeNumber, type ParamReader } from './search-params';

// What a search parameter can be once the router has JSON-parsed the address.
const values: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'a',
  ' a ',
  'abc',
  'x'.repeat(120),
  'x'.repeat(121),
  ' '.repeat(3) + 'x'.repeat(120),
  '12',
  ' 7 ',
  '0',
  '-3',
  '1.5',
  '1e1',
  '0x10',
  'NaN',
  'Infinity',
  0,
  1,
  2,
  50,
  51,
  -1,
  1.5,
  2 ** 53 + 2,
  true,
  false,
  [],
  [3],
  ['a', 'b'],
  {},
  { a: 1 },
  'success',
  'Success',
  'overview',
  'license',
  'configuration-error',
  'pending',
  'handled',
  'UNAUTHENTICATED',
  'STRIPE.fail_x',
  'bad reason!',
  '2026-03-01T10:00:00Z',
  '2026-03-01T10:00:00.123+01:00',
  '2026-03-01T10:00Z',
  '2026-02-29T10:00:00Z',
  '2028-02-29T10:00:00Z',
  '2026-03-01T24:00:00Z',
  '2026-03-01 10:00:00Z',
  '2026-03-01T10:00:00',
];

function sameAsZod(reader: ParamReader<unknown>, schema: z.ZodType) {
  for (const value of values) {
    const parsed = schema.safeParse(value);
    expect([value, reader(value)]).toStrictEqual([value, parsed.success ? parsed.data : undefined]);
  }
}

describe('search-param readers read each value as the zod rule they stand for', () => {
  const rule = (schema: z.ZodType) => schema.optional().catch(undefined);
  it('oneOf', () => sameAsZod(oneOf(['success', 'overview']), rule(z.enum(['success', 'overview']))));
  it('text', () => {
    sameAsZod(text({ max: 60 }), rule(z.string().max(60)));
    sameAsZod(text({ trim: true, max: 120 }), rule(z.string().trim().max(120)));
    sameAsZod(text({ trim: true, min: 1, max: 120 }), rule(z.string().trim().min(1).max(120)));
    sameAsZod(text({ pattern: /^\d+$/ }), rule(z.string().regex(/^\d+$/)));
  });
  it('wholeNumber', () => {
    sameAsZod(wholeNumber({ min: 1, max: 50 }), rule(z.coerce.number().int().min(1).max(50)));
    sameAsZod(wholeNumber({ min: 1 }), rule(z.coerce.number().int().positive()));
  });
  it('isoDateTime', () => sameAsZod(isoDateTime, rule(z.iso.datetime({ offset: true }))));
  it("logPosition: the contracts' digits, also when the address bar made a number of them", () => {
    expect([logPosition('42'), logPosition(42), logPosition('0012')]).toEqual(['42', '42', '0012']);
    expect([logPosition(-1), logPosition(1.5), logPosition(2 ** 60), logPosition('1e3'), logPosition(''), logPosition('9'.repeat(20))]).toEqual(
      Array(6).fill(undefined),
    );
  });

  it('searchReader leaves out unknown parameters and keeps a present, unreadable one as undefined, as a zod object does', () => {
    const read = searchReader({ a: oneOf(['x']), b: oneOf(['y']) });
    const schema = z.object({ a: rule(z.enum(['x'])), b: rule(z.enum(['y'])) });
    for (const search of [{}, { a: 'x' }, { a: 'nope' }, { a: undefined }, { a: 'x', b: 'y', c: 1 }, { c: 1 }])
      expect(read(search)).toStrictEqual(schema.parse(search));
  });
});

describe('the pages shared with server functions read their search as the contract’s schema does', () => {
  const searchesOf = (keys: string[]) => [{}, { other: 1 }, ...keys.flatMap((key) => values.map((value) => ({ [key]: value })))];
  it('checkout', () => {
    for (const search of [
      ...searchesOf(['resourceId', 'quantity', 'code', 'status', 'reason']),
      { resourceId: 'pro', quantity: 3, code: ' launch20 ', status: 'success', reason: 'X', extra: 1 },
    ])
      expect([search, readCheckoutSearch(search)]).toStrictEqual([search, checkoutSearchSchema.parse(search)]);
  });
  it('dashboard', () => {
    for (const search of searchesOf(['section'])) expect([search, readDashboardSearch(search)]).toStrictEqual([search, dashboardSearchSchema.parse(search)]);
  });
});
