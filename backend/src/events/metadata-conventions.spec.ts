import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const src = join(__dirname, '..');
const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
  .sort();
const read = (file: string) => readFileSync(join(src, file), 'utf8');

// Where the rule is written (metadata-for.ts) and the schema it fills (event-metadata.ts).
const RULE = ['events/metadata-for.ts', 'events/event-metadata.ts'];

describe('event metadata is built only by the rule in events/metadata-for.ts', () => {
  it('the walk found the places that record events', () => {
    expect(sources.filter((file) => /\/commands\/[a-z-]+\.handler\.ts$/.test(file)).length).toBeGreaterThanOrEqual(20);
    expect(sources.filter((file) => /\bfrom '[./]*events\/metadata-for'/.test(read(file))).length).toBeGreaterThanOrEqual(20);
  });

  it('nowhere else writes a causation id by hand', () => {
    // Read models and their entities name the stored column (an admin's timeline shows it); they build no metadata.
    const byHand = sources.filter(
      (file) => !RULE.includes(file) && !file.endsWith('.queries.ts') && !file.endsWith('.entity.ts') && /\bcausationId\s*:/.test(read(file)),
    );
    expect(byHand).toEqual([]);
  });

  it('nothing makes a fresh random correlation id where a caller has one (the transport makes it, once per request)', () => {
    const fresh = /(?:correlationId\s*:|(?:requestMetadata|visitorMetadata|systemMetadata)\()\s*(?:crypto\.)?randomUUID\(/;
    const orFresh = /(?:correlationId|requestId)\s*(?:\?\?|\|\|)\s*(?:crypto\.)?randomUUID\(/;
    const offenders = sources.filter((file) => file !== 'server-fn/request-context.ts' && (fresh.test(read(file)) || orFresh.test(read(file))));
    expect(offenders).toEqual([]);
  });
});
