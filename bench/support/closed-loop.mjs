/**
 * Sends `total` requests with `concurrency` in flight (each client waits for its answer before the
 * next), and returns throughput and latency percentiles.
 */
export async function closedLoop(request, total, concurrency) {
  const latencies = [];
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < total) {
        issued += 1;
        const t0 = performance.now();
        const response = await request();
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { perSecond: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}
