import { z } from 'zod';
import { defineServerFn } from '../server-fn';
import { customerUserId } from './customer-account.contract';

/** The most credits a support admin may grant in one action (owners: up to the field's maximum). */
export const SUPPORT_CREDIT_LIMIT = 500;

/** The most credits one support admin may grant in a UTC day, all actions together (owners: no daily cap). */
export const SUPPORT_DAILY_CREDIT_LIMIT = 2_000;

export const SUPPORT_ACTION_KINDS = [
  'resend_license_email',
  'extend_license',
  'grant_resource',
  'grant_credits',
  'revoke_license',
  'revoke_resource',
  'refund',
  'cancel_subscription',
  'cancel_booking',
] as const;
export type SupportActionKind = (typeof SUPPORT_ACTION_KINDS)[number];

/** Kinds only an owner may take; the server refuses them to support with admin.owner_only. */
export const OWNER_ONLY_KINDS: readonly SupportActionKind[] = [
  'extend_license',
  'revoke_license',
  'revoke_resource',
  'refund',
  'cancel_subscription',
  'cancel_booking',
];

/** Kinds that end with SupportActionCompleted or SupportActionFailed (a worker calls Stripe): pending until then. */
export const ASYNC_KINDS: readonly SupportActionKind[] = ['refund', 'cancel_subscription'];

const ref = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:|-]{1,200}$/);

const common = {
  /** Chosen by the browser when the form opens: a retried submit with it records nothing new. */
  actionId: z.uuid(),
  userId: customerUserId,
  reason: z.string().trim().min(1, 'Say why: the reason is kept in the audit log.').max(500),
};

export const supportActionInput = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('resend_license_email'), details: z.object({ licenseId: ref }).strict() }).strict(),
  z.object({ ...common, kind: z.literal('extend_license'), details: z.object({ licenseId: ref, until: z.iso.datetime() }).strict() }).strict(),
  z.object({ ...common, kind: z.literal('grant_resource'), details: z.object({ resourceId: ref }).strict() }).strict(),
  z.object({ ...common, kind: z.literal('grant_credits'), details: z.object({ credits: z.number().int().min(1).max(100_000) }).strict() }).strict(),
  z.object({ ...common, kind: z.literal('revoke_license'), details: z.object({ licenseId: ref }).strict() }).strict(),
  z.object({ ...common, kind: z.literal('revoke_resource'), details: z.object({ resourceId: ref }).strict() }).strict(),
  z
    .object({
      ...common,
      kind: z.literal('cancel_booking'),
      /** customer: as if they cancelled (full refund with 24 hours' notice, else none); us: we call it off (full refund). */
      details: z.object({ bookingId: ref, onBehalfOf: z.enum(['customer', 'us']) }).strict(),
    })
    .strict(),
  z.object({ ...common, kind: z.literal('cancel_subscription'), details: z.object({ subscriptionId: ref }).strict() }).strict(),
  z
    .object({
      ...common,
      kind: z.literal('refund'),
      /** amount in the payment's smallest unit (cents); currency as the payment's, lower case. */
      details: z.object({ checkoutRef: ref, amount: z.number().int().min(1).max(100_000_000), currency: z.string().regex(/^[a-z]{3}$/) }).strict(),
    })
    .strict(),
]);
export type SupportActionInput = z.infer<typeof supportActionInput>;

export const supportActionResultSchema = z.object({
  actionId: z.string(),
  kind: z.enum(SUPPORT_ACTION_KINDS),
  /** done: a synchronous action went through; pending: a worker is on it; then completed or failed. */
  status: z.enum(['done', 'pending', 'completed', 'failed']),
  outcome: z.string().nullable(),
  repeated: z.boolean(),
});
export type SupportActionResult = z.infer<typeof supportActionResultSchema>;

/** One support action on a customer's account, recorded with the admin and the reason, then done. */
export const takeSupportAction = defineServerFn({
  id: 'takeSupportAction',
  method: 'POST',
  input: supportActionInput,
  output: supportActionResultSchema,
  errors: [
    'FORBIDDEN',
    'admin.owner_only',
    'admin.grant_limit',
    'admin.daily_grant_limit',
    'admin.action_id_reused',
    'admin.action_target_not_found',
    'admin.refund_too_large',
    'admin.refund_currency_mismatch',
    'admin.extend_to_past',
    'admin.extend_lifetime',
    'admin.extend_not_later',
  ],
});

/** The admin operations whose audit entry the transport or their route records (declared `audit: recorded`), listed beside the support actions. */
export const AUDITED_ADMIN_OPERATIONS = [
  'adminStartReplay',
  'adminRedriveStripeEvent',
  'adminSubmitDisputeEvidence',
  'uploadLibraryFile',
  'adminCloseTaxQuarter',
  'adminCreatePromotion',
  'adminEndPromotion',
] as const;
export type AuditedAdminOperation = (typeof AUDITED_ADMIN_OPERATIONS)[number];

/** What the audit log can be filtered by: a support action's kind or an admin operation. */
export const AUDIT_KINDS = [...SUPPORT_ACTION_KINDS, ...AUDITED_ADMIN_OPERATIONS] as const;

const auditActor = z.object({ id: z.string(), role: z.enum(['owner', 'support']) });

export const supportActionAuditEntrySchema = z.object({
  source: z.literal('support_action'),
  actionId: z.string(),
  position: z.string(),
  kind: z.enum(SUPPORT_ACTION_KINDS),
  userId: z.string(),
  customerEmail: z.string().nullable(),
  actor: auditActor,
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  status: z.enum(['done', 'pending', 'completed', 'failed']),
  outcome: z.string().nullable(),
  recordedAt: z.string(),
  settledAt: z.string().nullable(),
});

/** An admin operation that changes no single customer's account (a replay, a redrive, evidence, an upload). */
export const adminOperationAuditEntrySchema = z.object({
  source: z.literal('admin_operation'),
  actionId: z.string(),
  position: z.string(),
  /** The operation's name: a server function's id or an admin route's (AUDITED_ADMIN_OPERATIONS today). */
  kind: z.string(),
  /** What it acted on: a projector, a Stripe event, a dispute, a resource's file. */
  target: z.string(),
  actor: auditActor,
  reason: z.string().nullable(),
  status: z.enum(['succeeded', 'failed']),
  outcome: z.string(),
  /** The error's code, when it failed. */
  code: z.string().nullable(),
  recordedAt: z.string(),
});

export const supportAuditEntrySchema = z.discriminatedUnion('source', [supportActionAuditEntrySchema, adminOperationAuditEntrySchema]);
export type SupportAuditEntry = z.infer<typeof supportAuditEntrySchema>;
export type SupportActionAuditEntry = z.infer<typeof supportActionAuditEntrySchema>;
export type AdminOperationAuditEntry = z.infer<typeof adminOperationAuditEntrySchema>;

/** The audit log of support actions and admin operations, newest first, by kind, actor or customer. */
export const getSupportAudit = defineServerFn({
  id: 'getSupportAudit',
  method: 'GET',
  input: z
    .object({
      kind: z.enum(AUDIT_KINDS).optional(),
      actor: z.string().trim().min(1).max(200).optional(),
      userId: customerUserId.optional(),
      /** Page backwards from this position. */
      before: z
        .string()
        .regex(/^\d{1,19}$/)
        .optional(),
      limit: z.number().int().min(1).max(100).default(50),
    })
    .strict(),
  output: z.object({
    entries: z.array(supportAuditEntrySchema),
    nextBefore: z.string().nullable(),
    /** Everyone who has taken an action, for the actor filter. */
    actors: z.array(auditActor),
  }),
  errors: ['FORBIDDEN'],
});

/** Who is signed in to /admin, so the account page offers only the actions they may take. */
export const getAdminViewer = defineServerFn({
  id: 'getAdminViewer',
  method: 'GET',
  input: z.object({}).strict(),
  output: z.object({ id: z.string(), role: z.enum(['owner', 'support']) }),
  errors: ['FORBIDDEN'],
});
export type AdminViewer = z.infer<typeof getAdminViewer.output>;

export const supportActionsServerFns = [takeSupportAction, getSupportAudit, getAdminViewer] as const;
