import type { BillingDocument } from './billing.contract';
import type { PostalAddress } from './charge-tax';

/** The wording both views of a document share (the PDF and the page), so they say the same. */
export const documentTitle = (doc: Pick<BillingDocument, 'kind'>) => (doc.kind === 'invoice' ? 'Invoice' : 'Credit note');

export const REVERSE_CHARGE_NOTE = 'Reverse charge: the recipient accounts for the VAT (Article 196, Council Directive 2006/112/EC).';

export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

export const day = (at: string) => at.slice(0, 10);

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** `DE` → `Germany`; a code Intl does not know stays as it is. */
export const countryName = (code: string): string => {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
};

export const addressLines = (address: PostalAddress | null): string[] =>
  address
    ? [address.line1, address.line2, [address.postalCode, address.city].filter(Boolean).join(' '), address.state, countryName(address.country)].filter(
        (line): line is string => Boolean(line && line.trim()),
      )
    : [];

/** The buyer as the document names them: name, business, address, tax ids, and the address their receipt went to. */
export function buyerLines(doc: Pick<BillingDocument, 'buyer' | 'buyerEmail'>): string[] {
  const { buyer } = doc;
  return [
    buyer.businessName,
    buyer.name,
    ...addressLines(buyer.address),
    ...buyer.taxIds.map((id) => `${taxIdLabel(id.type)}: ${id.value}`),
    doc.buyerEmail,
  ].filter((line): line is string => Boolean(line));
}

export function sellerLines(doc: Pick<BillingDocument, 'seller'>): string[] {
  const { seller } = doc;
  return [seller.name, ...seller.address, ...(seller.taxId ? [`Tax number: ${seller.taxId}`] : []), ...(seller.email ? [seller.email] : [])];
}

const taxIdLabel = (type: string) => (type.endsWith('_vat') ? 'VAT number' : type === 'au_abn' ? 'ABN' : 'Tax ID');

/** `VAT 19% (DE)`: a rate total's label. */
export const rateLabel = (rate: { taxType: string; percentage: number; country: string }) =>
  `${rate.taxType.toUpperCase()} ${rate.percentage}% (${rate.country})`;
