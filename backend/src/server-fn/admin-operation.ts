import type { ServerFnContext } from './server-fn-context';

export type AdminRoleName = 'support' | 'owner';

/** Who is running an admin operation, as the gate found them: the id the audit log names. */
export interface AdminCaller {
  id: string;
  role: AdminRoleName;
}

/**
 * How an admin operation is audited:
 * - `reads`: it changes nothing, so it leaves no entry;
 * - `own-event`: its command records its own entry, the named event, which /admin/audit lists;
 * - `recorded`: the gate records AdminOperationPerformed after it ran: who, on what, why, and how it ended.
 */
export type AdminAudit<Input = never, Output = never> =
  | { kind: 'reads' }
  | { kind: 'own-event'; event: string }
  | {
      kind: 'recorded';
      /** What it acted on (a projector, a Stripe event, a dispute, a file), from its input. */
      target: (input: Input) => string;
      /** Why, where the operation changes a customer's state: the input's reason field. */
      reason?: (input: Input) => string;
      /** What it did, in the audit log's words, from what it answered. */
      outcome: (output: Output) => string;
    };

/** The declaration beside every admin operation: who may run it, and how it is audited. */
export interface AdminOperation<Input = never, Output = never> {
  role: AdminRoleName;
  audit: AdminAudit<Input, Output>;
}

/** How an admin operation ended, for its audit entry. */
export type AdminOperationOutcome = { ok: true; summary: string } | { ok: false; code: string; message: string };

/** What the gate writes for a `recorded` operation. */
export interface AdminOperationEntry {
  /** The server function's id, or the route's declared name. */
  operation: string;
  caller: AdminCaller;
  target: string;
  reason: string | null;
  outcome: AdminOperationOutcome;
}

/**
 * Checks an admin operation's role before any of its input is read, and records its audit entry.
 * The transport and the admin routes call it; the admin module provides it (core imports no module).
 */
export abstract class AdminGate {
  /** The caller, if they hold the role (an owner holds support's too); else throws 403 FORBIDDEN, or admin.owner_only. */
  abstract admit(role: AdminRoleName, context: ServerFnContext): Promise<AdminCaller>;
  abstract record(entry: AdminOperationEntry, context: ServerFnContext): Promise<void>;
}

/** The caller the gate admitted for this call: only an admin operation's handler has one. */
export function adminCallerOf(context: ServerFnContext): AdminCaller {
  if (!context.admin) throw new Error('adminCallerOf: this handler is not declared as an admin operation');
  return context.admin;
}
