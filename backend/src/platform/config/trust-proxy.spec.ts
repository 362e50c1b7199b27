import { configSchema } from './config.schema';

const parse = (TRUST_PROXY?: string) => configSchema.safeParse(TRUST_PROXY === undefined ? {} : { TRUST_PROXY });

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(parse().data?.TRUST_PROXY).toEqual([]);
    expect(parse('').data?.TRUST_PROXY).toEqual([]);
  });

  it('takes addresses, CIDRs and the range names as a comma list', () => {
    expect(parse(' 10.0.0.0/8, 192.168.1.7 ,loopback, fd00::/8').data?.TRUST_PROXY).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8']);
  });

  it.each([['everyone'], ['true'], ['10.0.0.0/33'], ['10.0.0/8'], ['::1/129'], ['10.0.0.1/8/8']])(
    'refuses %s, naming the variable and the entry by its place, not its value',
    (entry) => {
      const result = parse(`loopback,${entry}`);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['TRUST_PROXY'], message: expect.stringMatching(/^entry 2 /) })]);
      expect(result.error?.issues[0]?.message).not.toContain(entry);
    },
  );
});
