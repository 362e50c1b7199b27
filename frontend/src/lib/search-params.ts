/**
 * Search-param readers for routes' validateSearch. Every route's definition loads with every page,
 * so these stay free of zod: each reader is the zod rule `.optional().catch(undefined)` it stands
 * for (a value that breaks the rule is dropped), and specs hold the shared ones equal to the
 * contracts' schemas.
 */

/** One parameter's value as the page takes it, or undefined to drop it. */
export type ParamReader<T> = (value: unknown) => T | undefined;

type Read<Readers> = { [K in keyof Readers]?: Readers[K] extends ParamReader<infer T> ? T : never };

/**
 * A validateSearch from one reader per parameter. Like a zod object: unknown parameters are left
 * out, and a parameter present but unreadable stays as undefined.
 */
export function searchReader<Readers extends Record<string, ParamReader<unknown>>>(readers: Readers): (raw: Record<string, unknown>) => Read<Readers> {
  return (raw) => {
    const search: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(readers)) {
      const value = read(raw[key]);
      if (value !== undefined || key in raw) search[key] = value;
    }
    return search as Read<Readers>;
  };
}

/** z.enum(values). */
export const oneOf =
  <const T extends string>(values: readonly T[]): ParamReader<T> =>
  (value) =>
    typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** z.string() with .trim() when `trim`, then .min(), .max() and .regex() as given. */
export const text =
  ({ trim = false, min = 0, max = Infinity, pattern }: { trim?: boolean; min?: number; max?: number; pattern?: RegExp }): ParamReader<string> =>
  (value) => {
    if (typeof value !== 'string') return undefined;
    const read = trim ? value.trim() : value;
    return read.length >= min && read.length <= max && (!pattern || pattern.test(read)) ? read : undefined;
  };

/** A log position (the contracts' 1–19 digits, kept as text): typed into the address bar, `?before=42` arrives as a number. */
export const logPosition: ParamReader<string> = (value) =>
  typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined) : text({ pattern: /^\d{1,19}$/ })(value);

/** z.coerce.number().int() with .min() and .max(): `?quantity=2` arrives as 2, `?quantity="2"` as "2". */
export const wholeNumber =
  ({ min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number }): ParamReader<number> =>
  (value) => {
    if (value === undefined) return undefined;
    const number = Number(value);
    return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
  };

// zod's z.iso.datetime({ offset: true }): a real calendar date, hh:mm:ss with an optional
// fraction, then Z or an offset.
const DATE =
  '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))';
const ISO_DATE_TIME = new RegExp(`^${DATE}T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|([+-](?:[01]\\d|2[0-3]):[0-5]\\d))$`);

/** z.iso.datetime({ offset: true }). */
export const isoDateTime: ParamReader<string> = (value) => (typeof value === 'string' && ISO_DATE_TIME.test(value) ? value : undefined);
