import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import type { SlotHeld } from '../../booking';
import type { PurchaseCompleted } from '../../checkout';
import { customerDirectoryTables } from './customer-directory.entity';

// Type-only imports: a value import of checkout or booking here would load their modules' decorators with it.
type DirectoryEvent = Recorded<ReturnType<typeof PurchaseCompleted> | ReturnType<typeof SlotHeld>>;

/**
 * Keeps rm_customer_directory: each account's latest known address and name, from the events that
 * carry them (a purchase, a booking). A later event's value wins; a null never erases a known one.
 */
export class CustomerDirectoryProjector implements Projector<DirectoryEvent> {
  readonly name = 'CustomerDirectoryProjector';
  readonly eventTypes: DirectoryEvent['type'][] = ['PurchaseCompleted', 'SlotHeld'];
  readonly tables = ['rm_customer_directory'];

  async apply(event: DirectoryEvent, em: EntityManager): Promise<void> {
    const entry =
      event.type === 'PurchaseCompleted'
        ? { userId: event.data.userId, email: event.data.email, name: null }
        : { userId: event.data.customerUserId, email: event.data.details.customerEmail, name: event.data.details.customerName };
    if (entry.email === null && entry.name === null) return;
    await customerDirectoryTables(em)
      .insertInto('rm_customer_directory')
      .values({ user_id: entry.userId, email: entry.email, name: entry.name, updated_at: event.recordedAt })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((eb) => ({
          email: eb.fn.coalesce(eb.ref('excluded.email'), eb.ref('rm_customer_directory.email')),
          name: eb.fn.coalesce(eb.ref('excluded.name'), eb.ref('rm_customer_directory.name')),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}
