import { assertPlainIdentifier, shadowSchemaName } from './shadow-tables';

describe('replay shadow tables', () => {
  it('live in a schema named after the projector and the run', () => {
    expect(shadowSchemaName('StreamSummaryProjector', 'a1b2c3')).toBe('replay_streamsummaryprojector_a1b2c3');
    expect(shadowSchemaName('weird name-with.dots', 'a1b2c3')).toBe('replay_weird_name_with_dots_a1b2c3');
  });

  it('are only made for plain lower-case table names', () => {
    expect(assertPlainIdentifier('rm_streams')).toBe('rm_streams');
    for (const name of ['RM', 'rm streams', 'rm"; drop table events; --', 'public.rm_streams', '1rm']) {
      expect(() => assertPlainIdentifier(name)).toThrow(/not a plain table name/);
    }
  });
});
