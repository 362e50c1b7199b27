import type { ExpressionBuilder } from 'kysely';

/**
 * One row of an owning module's answer to "which of your streams are this account's": what kind of
 * link it is, the id it names, and a reference inside a shared stream (a booking on a host's
 * calendar). Owners answer with a query, not rows, so the whole account is read in one statement.
 */
export interface AccountStreamLink {
  kind: string;
  id: string;
  ref: string | null;
}

/** The `kind` column of a link row: the kind as text, so the parts of the union agree on its type. */
export const linkKind = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, kind: string) => eb.cast<string>(eb.val(kind), 'text').as('kind');

/** The `ref` column of a link that names a whole stream. */
export const noLinkRef = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => eb.cast<string | null>(eb.val(null), 'text').as('ref');
