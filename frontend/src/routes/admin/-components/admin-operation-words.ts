import { type AuditedAdminOperation, SUPPORT_ACTION_KINDS } from '@contracts/admin/support-actions.contract';
import { SUPPORT_ACTION_LABELS } from './support-action-words';

/** Each audited admin operation in words, for the audit log. */
export const ADMIN_OPERATION_LABELS: Record<AuditedAdminOperation, string> = {
  adminStartReplay: 'Rebuild a read model',
  adminRedriveStripeEvent: 'Handle a Stripe event again',
  adminSubmitDisputeEvidence: 'Submit dispute evidence',
  uploadLibraryFile: 'Upload a library file',
  adminCloseTaxQuarter: 'Close a tax quarter',
  adminCreatePromotion: 'Create a promotion',
  adminEndPromotion: 'End a promotion',
};

/** A kind in the audit log in words: a support action's, an admin operation's, or its own name for one this page does not know. */
export function auditKindLabel(kind: string): string {
  const action = SUPPORT_ACTION_KINDS.find((k) => k === kind);
  if (action) return SUPPORT_ACTION_LABELS[action];
  return Object.hasOwn(ADMIN_OPERATION_LABELS, kind) ? ADMIN_OPERATION_LABELS[kind as AuditedAdminOperation] : kind;
}
