import type { Pool } from 'pg';
import { runCommand } from '../../backend/src/events/command-runner';
import { EventRegistry } from '../../backend/src/events/event-registry';
import { EventStore } from '../../backend/src/events/event-store';
import { bookingEvents } from '../../backend/src/modules/booking';
import { purchaseEvents } from '../../backend/src/modules/checkout';
import { creditEvents } from '../../backend/src/modules/credits';
import { deviceEvents } from '../../backend/src/modules/devices';
import { licenseEvents } from '../../backend/src/modules/licenses';
import { accountHistory, type RunCommand } from './account-history';
import { eventually } from './site-client';
import { metadata } from './test-events';

/** The projector that builds each kind of stream's read model, by the stream's prefix. */
const PROJECTORS: [string, string][] = [
  ['license-devices-', 'LicenseDevicesProjector'],
  ['license-', 'LicensesProjector'],
  ['credits-', 'CreditsProjector'],
  ['checkout-', 'PurchasesProjector'],
  ['host-calendar-', 'SessionBookingsProjector'],
];

/**
 * Runs the scripted account history into a running site's log, command by command through the
 * deciders, waiting after each step until the projector of its stream has passed it; `after` is
 * called with each step's label and last position, its read model up to date.
 */
export async function writeAccountHistory(
  pool: Pool,
  userId: string,
  after: (label: string, position: string) => Promise<void> = async () => {},
): Promise<void> {
  const store = new EventStore(pool, new EventRegistry().register(...licenseEvents, ...deviceEvents, ...creditEvents, ...purchaseEvents, ...bookingEvents));
  let last = 0n;
  const run: RunCommand = async (streamId, decider, command) => {
    const outcome = await runCommand({ store, streamId, decider, command, metadata: metadata() });
    if (outcome.status !== 'appended') throw new Error(`${streamId}: the scripted command appended nothing (${outcome.status})`);
    last = outcome.positions.at(-1)!;
    const projector = PROJECTORS.find(([prefix]) => streamId.startsWith(prefix))![1];
    await eventually(
      () => pool.query<{ position: string }>('select position::text from projector_checkpoints where name = $1', [projector]),
      (r) => r.rows[0] !== undefined && BigInt(r.rows[0].position) >= last,
    );
  };
  for (const step of accountHistory({ userId, unique: userId.slice(-8) }, new Date())) {
    await step.run(run);
    await after(step.label, last.toString());
  }
}
