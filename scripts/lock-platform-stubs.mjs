// The registry this project installs from serves only the packages for this platform, so npm
// leaves other platforms' optional binaries (swc, tailwind oxide, …) out of package-lock.json and
// `npm ci` then refuses the lock. Recording them as optional entries (never fetched here, since
// their os/cpu do not match or they are optional) keeps `npm ci` working everywhere.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
let added = 0;
for (const [location, entry] of Object.entries(lock.packages ?? {})) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    lock.packages[`node_modules/${name}`] = { version: String(range).replace(/^[\^~=]/, ''), optional: true };
    added += 1;
  }
}
if (added > 0) {
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: recorded ${added} optional platform packages this registry does not serve`);
}
