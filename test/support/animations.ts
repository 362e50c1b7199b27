import type { Locator } from 'playwright-core';

/** Resolves once the element's running animations (CSS animations and transitions, its children's too) have ended. */
export async function animationsEnded(locator: Locator): Promise<void> {
  await locator.evaluate(async (element) => {
    // A cancelled animation rejects `finished`: it has ended all the same.
    await Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined)));
  });
}
