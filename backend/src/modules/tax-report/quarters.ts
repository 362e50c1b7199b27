/** A calendar quarter as the OSS return names its tax period: `2026-Q3`. */
export type Quarter = `${number}-Q${1 | 2 | 3 | 4}`;

export const QUARTER_PATTERN = /^(\d{4})-Q([1-4])$/;

export function isQuarter(value: string): value is Quarter {
  return QUARTER_PATTERN.test(value);
}

function parts(quarter: string): { year: number; q: number } {
  const match = QUARTER_PATTERN.exec(quarter);
  if (!match) throw new Error(`"${quarter}" is not a quarter (YYYY-Qn)`);
  return { year: Number(match[1]), q: Number(match[2]) };
}

/** The quarter (in UTC) an instant falls in. */
export function quarterOf(iso: string | Date): Quarter {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return `${date.getUTCFullYear()}-Q${(Math.floor(date.getUTCMonth() / 3) + 1) as 1 | 2 | 3 | 4}`;
}

/** The first instant after the quarter (UTC): it has ended once this has come. */
export function quarterEnd(quarter: string): Date {
  const { year, q } = parts(quarter);
  return new Date(Date.UTC(year, q * 3, 1));
}

export function nextQuarter(quarter: string): Quarter {
  const { year, q } = parts(quarter);
  return q === 4 ? `${year + 1}-Q1` : `${year}-Q${(q + 1) as 1 | 2 | 3 | 4}`;
}

/** Quarters sort as text (`2026-Q3` < `2026-Q4` < `2027-Q1`). */
export const laterQuarter = (a: Quarter, b: Quarter): Quarter => (a >= b ? a : b);

/** The first quarter from `from` on that is not closed: where a document for a closed period is reported. */
export function firstOpenFrom(from: Quarter, closed: ReadonlySet<string>): Quarter {
  let quarter = from;
  while (closed.has(quarter)) quarter = nextQuarter(quarter);
  return quarter;
}
