import { dropTestDatabase } from './test-database';

/** Stops the site with Ctrl-C's signal and insists that it shuts down cleanly. */
export default async function e2eTeardown(): Promise<void> {
  const server = globalThis.__e2eServer;
  if (!server) return;
  const { child, databaseUrl, log } = server;
  try {
    if (child.exitCode === null) {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGINT');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), 15_000);
      });
      const code = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (code === 'timeout') {
        child.kill('SIGKILL');
        throw new Error('the site did not stop within 15 s of SIGINT');
      }
      if (code !== 0) throw new Error(`the site exited with code ${code} after SIGINT; see dist/e2e-server.log`);
    }
  } finally {
    log.end();
    await dropTestDatabase(databaseUrl);
  }
}
