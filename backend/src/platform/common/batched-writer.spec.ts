import { BatchedWriter } from './batched-writer';

describe('BatchedWriter', () => {
  it('writes rows in batches by size and by time, in order', async () => {
    jest.useFakeTimers();
    const writes: number[][] = [];
    const writer = new BatchedWriter<number>(async (rows) => void writes.push(rows), {
      intervalMs: 20,
      batchSize: 3,
      maxPending: 100,
      onError: () => undefined,
    });
    try {
      for (const n of [1, 2, 3, 4]) writer.add(n);
      await jest.advanceTimersByTimeAsync(60);
      expect(writes).toEqual([[1, 2, 3], [4]]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('drops and counts rows past its bound instead of growing', async () => {
    const written: number[] = [];
    const writer = new BatchedWriter<number>(async (rows) => void written.push(...rows), {
      intervalMs: 1_000,
      batchSize: 1_000,
      maxPending: 2,
      onError: () => undefined,
    });
    for (const n of [1, 2, 3, 4]) writer.add(n);
    expect(writer.dropped).toBe(2);
    await writer.flush();
    expect(written).toEqual([1, 2]);
  });

  it('reports a failed write and goes on with the next batch', async () => {
    const failures: number[] = [];
    let fail = true;
    const written: number[] = [];
    const writer = new BatchedWriter<number>(
      async (rows) => {
        if (fail) throw new Error('down');
        written.push(...rows);
      },
      { intervalMs: 1_000, batchSize: 1_000, maxPending: 10, onError: (_error, rows) => failures.push(rows) },
    );
    writer.add(1);
    await writer.flush();
    fail = false;
    writer.add(2);
    await writer.flush();
    expect(failures).toEqual([1]);
    expect(written).toEqual([2]);
  });
});
