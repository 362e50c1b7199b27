// Runs every benchmark in bench/ in turn (or the ones named: node bench/run.mjs http web).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace('.bench.mjs', '')))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const { status } = spawnSync(process.execPath, [`${dir}${file}`], { stdio: 'inherit' });
  if (status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
