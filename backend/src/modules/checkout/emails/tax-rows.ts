import type { ChargeTax } from '../../../../../contracts/billing/charge-tax';
import { countryName } from '../../../../../contracts/billing/document-text';
import { percent, taxName } from '../../../../../contracts/billing/tax-line-label';
import { formatMoney } from '../../../../../contracts/catalog/number-format';

type Row = [string, string];

/** A rate as a receipt names it: "VAT 19% (Germany)", "Sales tax 6.25% (United States, TX)". */
const rateName = (line: ChargeTax['lines'][number]) =>
  `${taxName(line.taxType)} ${percent(line.percentage)} (${countryName(line.country)}${line.state ? `, ${line.state}` : ''})`;

/**
 * What a receipt says of a charge's tax: its subtotal, one row per rate (the lines of one rate
 * summed; "Tax" when Stripe gave no lines) and the total, each in the charge's currency.
 */
export function taxRows(tax: ChargeTax, totalLabel: string): Row[] {
  const money = (cents: number) => formatMoney(cents, tax.currency.toUpperCase());
  const rates = new Map<string, number>();
  for (const line of tax.lines) rates.set(rateName(line), (rates.get(rateName(line)) ?? 0) + line.amountCents);
  return [
    ['Subtotal', money(tax.subtotalCents)],
    ...(rates.size > 0 ? [...rates].map(([name, cents]): Row => [name, money(cents)]) : [['Tax', money(tax.taxCents)] as Row]),
    [totalLabel, money(tax.totalCents)],
  ];
}
