import { randomUUID } from 'node:crypto';
import { CustomerDirectoryProjector } from '../../../backend/src/modules/support/projections/customer-directory.projector';
import { SlotHeld } from '../../../backend/src/modules/booking/booking.events';
import { PurchaseCompleted } from '../../../backend/src/modules/checkout/checkout.events';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new CustomerDirectoryProjector(), [PurchaseCompleted, SlotHeld]);

describe('CustomerDirectoryProjector', () => {
  it('keeps the address from a purchase and the name from a booking, and a null erases neither', async () => {
    const userId = `user-${randomUUID()}`;
    await projection.given(purchased(userId, 'ada@example.com'), held(userId, 'ada@example.com', 'Ada Lovelace'), purchased(userId, null));
    expect(await entry(userId)).toEqual([{ email: 'ada@example.com', name: 'Ada Lovelace' }]);
  });

  it('takes the latest address', async () => {
    const userId = `user-${randomUUID()}`;
    await projection.given(purchased(userId, 'old@example.com'), purchased(userId, 'new@example.com'));
    expect(await entry(userId)).toEqual([{ email: 'new@example.com', name: null }]);
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const userId = `user-${randomUUID()}`;
    await projection.given(purchased(userId, 'grace@example.com'), held(userId, null, 'Grace Hopper'));
    const before = await entry(userId);
    await projection.replay();
    expect(await entry(userId)).toEqual(before);
  });
});

const at = '2026-11-24T10:00:00.000Z';

const purchased = (userId: string, email: string | null) =>
  PurchaseCompleted({
    tax: null,
    discount: null,
    checkoutRef: randomUUID(),
    checkoutSessionId: `cs_${randomUUID()}`,
    userId,
    email,
    resourceId: 'res',
    resourceType: 'plugin',
    title: 'Plugin',
    quantity: 1,
    amountCents: 1000,
    currency: 'usd',
    mode: 'payment',
    customerId: null,
    paymentIntentId: null,
    subscriptionId: null,
    completedAt: at,
  });

const held = (customerUserId: string, customerEmail: string | null, customerName: string) =>
  SlotHeld({
    hostUserId: 'host',
    holdId: randomUUID(),
    customerUserId,
    start: at,
    end: at,
    expiresAt: at,
    details: {
      sessionTypeId: 'intro',
      sessionTitle: 'Intro',
      minutes: 30,
      hostName: 'Host',
      meetingUrl: null,
      customerEmail,
      customerName,
      customerTimeZone: 'UTC',
      checkoutRef: randomUUID(),
      amountCents: 0,
      currency: 'usd',
    },
    at,
  });

const entry = (userId: string) => projection.rows('select email, name from rm_customer_directory where user_id = $1', [userId]);
