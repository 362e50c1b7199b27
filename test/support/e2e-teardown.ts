/** Stops the shared site with Ctrl-C's signal and insists that it shuts down cleanly. */
export default async function e2eTeardown(): Promise<void> {
  await globalThis.__e2eSite?.stop();
}
