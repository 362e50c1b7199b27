// The browser build resolves `zod` here (see vite.config.mts), so this runs before any schema is
// built. Zod probes `new Function` to decide whether to compile fast parsers; our CSP forbids
// eval, so the probe is a reported violation. Jitless mode skips it: same results, interpreted.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
