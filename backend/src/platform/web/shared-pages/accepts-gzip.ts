/**
 * Whether an Accept-Encoding header admits gzip (RFC 9110 §12.5.3): listed, or covered by `*`,
 * with a weight above 0. No header: no (identity is always acceptable, and enough).
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const entry of header.split(',')) {
    const [coding = '', ...params] = entry.split(';');
    const name = coding.trim().toLowerCase();
    if (name !== 'gzip' && name !== 'x-gzip' && name !== '*') continue;
    const weight = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((q) => q !== undefined);
    const accepted = weight === undefined || Number(weight) > 0;
    if (name !== '*') return accepted;
    wildcard = accepted;
  }
  return wildcard;
}
