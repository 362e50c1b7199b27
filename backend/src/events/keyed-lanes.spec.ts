import { KeyedLanes } from './keyed-lanes';

/** Lets the callbacks already queued run first. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedLanes', () => {
  it('runs one task at a time per key, in order, and keys side by side', async () => {
    const lanes = new KeyedLanes();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running -= 1;
      return name;
    };
    const a = await Promise.all([lanes.run('a', task('a1')), lanes.run('a', task('a2')), lanes.run('a', task('a3'))]);
    expect(a).toEqual(['a1', 'a2', 'a3']);
    expect(log).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(most).toBe(1);
    most = 0;
    await Promise.all([lanes.run('a', task('x')), lanes.run('b', task('y'))]);
    expect(most).toBe(2);
  });

  it('a failure is its caller’s; the next task still runs', async () => {
    const lanes = new KeyedLanes();
    const failed = lanes.run('a', async () => {
      throw new Error('boom');
    });
    const next = lanes.run('a', async () => 'after');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('after');
  });
});
