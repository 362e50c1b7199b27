import { promotionTerms, type PromotionTerms } from '@contracts/promotions/promotion-terms';
import { STORE_CURRENCY } from './promotion-words';

/** The new-promotion form as typed: text for every number and date, read into terms on submit. */
export interface PromotionDraft {
  automatic: boolean;
  code: string;
  name: string;
  discountType: 'percent' | 'amount';
  discountValue: string;
  durationKind: 'once' | 'repeating' | 'forever';
  months: string;
  productIds: string[];
  maxRedemptions: string;
  oncePerCustomer: boolean;
  firstPurchaseOnly: boolean;
  minimum: string;
  startsAt: string;
  endsAt: string;
  stacksWithCodes: boolean;
}

export const EMPTY_DRAFT: PromotionDraft = {
  automatic: false,
  code: '',
  name: '',
  discountType: 'percent',
  discountValue: '',
  durationKind: 'once',
  months: '3',
  productIds: [],
  maxRedemptions: '',
  oncePerCustomer: false,
  firstPurchaseOnly: false,
  minimum: '',
  startsAt: '',
  endsAt: '',
  stacksWithCodes: false,
};

/** The fields an error is shown beside, in the form's order (the first one with an error takes the focus). */
export const DRAFT_FIELDS = ['code', 'name', 'discount', 'duration', 'productIds', 'maxRedemptions', 'minimumAmountCents', 'startsAt', 'endsAt'] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];
export type DraftErrors = Partial<Record<DraftField, string>>;

const blank = (text: string) => text.trim() === '';
const number = (text: string) => (blank(text) ? Number.NaN : Number(text.trim()));
/** Dollars with at most two decimals, in cents; anything else is NaN (the schema refuses it). */
const cents = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : Number.NaN);
/** A datetime-local value read as UTC, the time zone every date in /admin is shown in. */
const utc = (local: string) => (blank(local) ? null : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00.000Z` : local);

/** The terms the form says, before the schema checks them. */
export function draftTerms(draft: PromotionDraft): unknown {
  return {
    code: draft.automatic ? null : draft.code,
    name: draft.name,
    discount:
      draft.discountType === 'percent'
        ? { type: 'percent', percentOff: number(draft.discountValue) }
        : { type: 'amount', amountOffCents: cents(draft.discountValue), currency: STORE_CURRENCY },
    duration: draft.durationKind === 'repeating' ? { kind: 'repeating', months: number(draft.months) } : { kind: draft.durationKind },
    productIds: draft.productIds,
    maxRedemptions: blank(draft.maxRedemptions) ? null : number(draft.maxRedemptions),
    oncePerCustomer: draft.oncePerCustomer,
    firstPurchaseOnly: draft.firstPurchaseOnly,
    minimumAmountCents: blank(draft.minimum) ? null : cents(draft.minimum),
    startsAt: utc(draft.startsAt),
    endsAt: utc(draft.endsAt),
    stacksWithCodes: draft.automatic && draft.stacksWithCodes,
  };
}

/** What a wrong number or date means in the owner's words (the schema's own words are for its custom rules). */
const PLAIN: Record<DraftField, (draft: PromotionDraft) => string> = {
  code: () => 'A code is 3 to 40 letters, digits, dashes or underscores.',
  name: () => 'Give it a name of at most 80 characters.',
  discount: (draft) => (draft.discountType === 'percent' ? 'A percentage from 1 to 100.' : 'An amount in dollars, such as 5 or 4.99.'),
  duration: () => 'A whole number of months from 1 to 36.',
  productIds: () => 'Choose at most 50 products.',
  maxRedemptions: () => 'A whole number of at least 1, or empty for no limit.',
  minimumAmountCents: () => 'An amount in dollars, such as 20, or empty for no minimum.',
  startsAt: () => 'A date and time, or empty to start now.',
  endsAt: () => 'A date and time, or empty for no end.',
};

/** Each issue beside its field: the schema's own message for its custom rules, plain words for a wrong number or date. */
export function draftErrors(
  draft: PromotionDraft,
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[] | undefined,
): DraftErrors {
  const errors: DraftErrors = {};
  for (const issue of issues ?? []) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(DRAFT_FIELDS as readonly string[]).includes(field)) continue;
    const key = field as DraftField;
    errors[key] ??= issue.code === 'custom' || (key === 'code' && issue.code === 'invalid_format') ? issue.message : PLAIN[key](draft);
  }
  return errors;
}

/** The draft read into terms, or the errors to show. */
export function readDraft(draft: PromotionDraft): { terms: PromotionTerms } | { errors: DraftErrors } {
  const parsed = promotionTerms.safeParse(draftTerms(draft));
  return parsed.success ? { terms: parsed.data } : { errors: draftErrors(draft, parsed.error.issues) };
}
