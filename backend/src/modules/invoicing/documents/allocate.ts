/**
 * Splits `total` cents in proportion to `weights`, rounding by largest remainder so the parts add up
 * to `total` exactly (ties go to the earlier weight). All weights zero: split evenly the same way.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = sum > 0 ? weights : weights.map(() => 1);
  const whole = sum > 0 ? sum : weights.length;
  const exact = shares.map((w) => (total * w) / whole);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
