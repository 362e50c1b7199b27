// Where a process's CPU went, from a V8 .cpuprofile (node --cpu-prof): busy milliseconds in each
// second of the profile, then the top self time by package and by function within a window.
// Usage: node bench/support/cpuprofile-top.mjs <file.cpuprofile> [fromSecond] [toSecond] [rows]
// e.g. NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" BENCH_RUNS=fast npm run bench:webhooks
// profiles the api, the worker and the bench client (each writes its profile as it exits).
// Samples are wall-clock: on a loaded machine a process waiting for a CPU after a system call
// shows as time in that call (writeBuffer, writev), so compare with /proc's CPU figures.
import { readFile } from 'node:fs/promises';

const [file, from = '0', to = '1e9', rows = '30'] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuprofile-top.mjs <file.cpuprofile> [fromSecond] [toSecond] [rows]');
const profile = JSON.parse(await readFile(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const [start, end] = [Number(from) * 1e6, Number(to) * 1e6];

const perSecond = [];
const self = new Map();
let t = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  t += delta;
  if (nodes.get(id).callFrame.functionName === '(idle)') return;
  const second = Math.floor(t / 1e6);
  perSecond[second] = (perSecond[second] ?? 0) + delta;
  if (t >= start && t < end) self.set(id, (self.get(id) ?? 0) + delta);
});

const where = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, 'npm:')
    .replace(/.*\/dist\/app\//, 'app:');
const packageOf = (url) => {
  if (url.startsWith('npm:'))
    return url
      .split('/')
      .slice(0, url.startsWith('npm:@') ? 2 : 1)
      .join('/');
  if (url.startsWith('app:')) return url.split('/').slice(0, 5).join('/');
  return url.split('/').slice(0, 2).join('/');
};
const byPackage = new Map();
const byFunction = new Map();
let total = 0;
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const at = where(url);
  const name = functionName || '(anonymous)';
  total += us;
  byPackage.set(packageOf(at) || name, (byPackage.get(packageOf(at) || name) ?? 0) + us);
  byFunction.set(`${name} ${at}:${lineNumber + 1}`, (byFunction.get(`${name} ${at}:${lineNumber + 1}`) ?? 0) + us);
}
const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(rows));
console.log(`busy ms per second: ${Array.from(perSecond, (us, s) => `${s}:${((us ?? 0) / 1000).toFixed(0)}`).join(' ')}`);
console.log(`window ${from}-${to} s: ${ms(total).trim()} ms busy`);
console.log('by package');
for (const [name, us] of top(byPackage)) console.log(`${ms(us)}  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
console.log('by function (self time)');
for (const [name, us] of top(byFunction)) console.log(`${ms(us)}  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
