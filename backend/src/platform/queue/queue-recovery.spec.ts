import type { Queue } from 'bullmq';
import { QueueRecovery } from './queue-recovery';

function fakeQueue(name: string, calls: string[]): Queue {
  return {
    name,
    upsertJobScheduler: async (id: string, repeat: { every: number }) => void calls.push(`${name}/${id} every ${repeat.every}`),
  } as unknown as Queue;
}

describe('QueueRecovery', () => {
  it('puts back every scheduler, once each however often registered, before what the modules recover', async () => {
    const calls: string[] = [];
    const recovery = new QueueRecovery();
    recovery.schedule(fakeQueue('sweeps', calls), 'module.sweep', 30_000);
    recovery.schedule(fakeQueue('sweeps', calls), 'module.sweep', 30_000);
    recovery.schedule(fakeQueue('other-sweeps', calls), 'other.sweep', 600_000);
    recovery.onLoss('events', async () => {
      calls.push('events recovered');
      return 3;
    });
    recovery.onLoss('reminders', async () => 0);

    expect(await recovery.recover()).toEqual({ events: 3, reminders: 0 });
    expect(calls).toEqual(['sweeps/module.sweep every 30000', 'other-sweeps/other.sweep every 600000', 'events recovered']);
  });

  it('runs every recoverer even when one fails, then fails itself, so the loss is not marked recovered', async () => {
    const recovery = new QueueRecovery();
    let ran = false;
    recovery.onLoss('broken', async () => {
      throw new Error('Postgres is restarting');
    });
    recovery.onLoss('fine', async () => {
      ran = true;
      return 1;
    });

    await expect(recovery.recover()).rejects.toThrow('broken: Error: Postgres is restarting');
    expect(ran).toBe(true);
  });

  it('refuses a second recoverer under one name', () => {
    const recovery = new QueueRecovery();
    recovery.onLoss('emails', async () => 0);
    expect(() => recovery.onLoss('emails', async () => 0)).toThrow('emails is recovered twice');
  });
});
