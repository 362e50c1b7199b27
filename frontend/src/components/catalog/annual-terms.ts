import { formatMoney } from '@contracts/catalog/number-format';

/** What an annual plan costs a month, and the months it gives free against its monthly twin. */
export function annualTerms(annualCents: number, monthlyCents: number): { perMonth: string; monthsFree: number } {
  return { perMonth: formatMoney(Math.round(annualCents / 12)), monthsFree: Math.round((12 * monthlyCents - annualCents) / monthlyCents) };
}
