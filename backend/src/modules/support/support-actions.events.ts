import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';

// The rules the form shows are the rules the decider keeps: one list, in the contract.
export { ASYNC_KINDS, OWNER_ONLY_KINDS, SUPPORT_CREDIT_LIMIT } from '../../../../contracts/admin/support-actions.contract';

const iso = z.iso.datetime();
const id = z.string().min(1).max(200);

/** What each kind of support action names, beside the customer. */
export const supportActionDetails = {
  resend_license_email: z.object({ licenseId: id }),
  extend_license: z.object({ licenseId: id, until: iso }),
  grant_resource: z.object({ resourceId: id }),
  grant_credits: z.object({ credits: z.number().int().positive() }),
  revoke_license: z.object({ licenseId: id }),
  revoke_resource: z.object({ resourceId: id }),
  refund: z.object({ checkoutRef: id, amount: z.number().int().positive(), currency: z.string().min(3).max(3) }),
  cancel_subscription: z.object({ subscriptionId: id }),
  /** onBehalfOf: the customer asked (their refund rule: full with 24 hours' notice), or we call it off (always full). */
  cancel_booking: z.object({ bookingId: id, onBehalfOf: z.enum(['customer', 'us']) }),
} as const;

export type SupportActionKind = keyof typeof supportActionDetails;
export const SUPPORT_ACTION_KINDS = Object.keys(supportActionDetails) as SupportActionKind[];

const base = {
  actionId: z.uuid(),
  userId: id,
  actor: z.object({ id: z.string().min(1), role: z.enum(['owner', 'support']) }),
  reason: z.string().min(1).max(500),
  at: iso,
};

const action = <K extends SupportActionKind>(kind: K) => z.object({ ...base, kind: z.literal(kind), details: supportActionDetails[kind] });

const recordedSchema = z.discriminatedUnion('kind', [
  action('resend_license_email'),
  action('extend_license'),
  action('grant_resource'),
  action('grant_credits'),
  action('revoke_license'),
  action('revoke_resource'),
  action('refund'),
  action('cancel_subscription'),
  action('cancel_booking'),
]);

/** One support action as recorded: a discriminated union, so each kind's details are typed. */
export type SupportAction = z.output<typeof recordedSchema>;

/** A support action as the handler asks for it: the decider adds the time. */
export type SupportActionRequest = SupportAction extends infer A ? (A extends SupportAction ? Omit<A, 'at'> : never) : never;

/**
 * Recorded when an admin takes a support action on a customer's account, before anything it
 * does: the events it causes carry `event:<its position>` as their causation id.
 */
export const SupportActionRecorded = defineEvent({ type: 'SupportActionRecorded', schemaVersion: 1, schema: recordedSchema });

/** Recorded when an asynchronous support action (a refund, a cancellation) went through at Stripe. */
export const SupportActionCompleted = defineEvent({
  type: 'SupportActionCompleted',
  schemaVersion: 1,
  schema: z.object({ actionId: z.uuid(), outcome: z.string().min(1).max(500), at: iso }),
});

/** Recorded when an asynchronous support action was refused or failed for good; nothing changed. */
export const SupportActionFailed = defineEvent({
  type: 'SupportActionFailed',
  schemaVersion: 1,
  schema: z.object({ actionId: z.uuid(), error: z.string().min(1).max(500), at: iso }),
});

export const supportActionEvents = [SupportActionRecorded, SupportActionCompleted, SupportActionFailed];

export type SupportActionEvent = ReturnType<typeof SupportActionRecorded> | ReturnType<typeof SupportActionCompleted> | ReturnType<typeof SupportActionFailed>;

export const supportActionStreamId = (actionId: string) => `support-action-${actionId}`;
