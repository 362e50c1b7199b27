import PDFDocument from 'pdfkit';
import type { BillingDocument } from '../../../../../contracts/billing/billing.contract';
import { breakLongRuns, pdfSafeText } from '../../disputes';
import { buyerLines, day, documentTitle, money, rateLabel, REVERSE_CHARGE_NOTE, sellerLines } from '../../../../../contracts/billing/document-text';

const BODY = 'Helvetica';
const BOLD = 'Helvetica-Bold';
/** A party's line or a cell: names and addresses are the buyer's own text, so they are cut and made drawable. */
const CELL_MAX = 200;
const RUN_MAX = 40;

type Doc = PDFKit.PDFDocument;

const safe = (text: string) => breakLongRuns(pdfSafeText(text, CELL_MAX), RUN_MAX);

/** An invoice or credit note as a one-document PDF in pdfkit's built-in Helvetica: parties, dates, lines, totals by rate. */
export function documentPdf(doc: BillingDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: { Title: `${documentTitle(doc)} ${doc.number}`, Creator: 'SystemSculpt' },
  });
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    try {
      draw(pdf, doc);
      pdf.end();
    } catch (error) {
      reject(error as Error);
    }
  });
}

function draw(pdf: Doc, doc: BillingDocument): void {
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  pdf
    .font(BOLD)
    .fontSize(18)
    .text(`${documentTitle(doc)} ${doc.number}`, { width });
  pdf.moveDown(0.5);
  const facts: Array<[string, string]> = [
    ['Issue date', day(doc.issuedAt)],
    ['Date of supply', day(doc.chargedAt)],
    ['Currency', doc.currency.toUpperCase()],
  ];
  if (doc.kind === 'credit_note' && doc.invoiceNumber) facts.push(['Credits invoice', doc.invoiceNumber]);
  if (doc.kind === 'credit_note' && doc.reason) facts.push(['Reason', doc.reason.replace('_', ' ')]);
  for (const [label, value] of facts) {
    const y = pdf.y;
    pdf.font(BOLD).fontSize(10).text(label, left, y, { width: 110 });
    pdf.font(BODY).text(safe(value), left + 115, y, { width: width - 115 });
  }
  pdf.moveDown(1);
  const top = pdf.y;
  const half = (width - 20) / 2;
  party(pdf, 'Seller', sellerLines(doc), left, top, half);
  const sellerBottom = pdf.y;
  party(pdf, 'Billed to', buyerLines(doc), left + half + 20, top, half);
  pdf.y = Math.max(sellerBottom, pdf.y);
  pdf.moveDown(1);

  const columns = [
    { title: 'Description', width: width - 290, align: 'left' as const },
    { title: 'Qty', width: 40, align: 'right' as const },
    { title: 'Net', width: 80, align: 'right' as const },
    { title: 'Tax rate', width: 70, align: 'right' as const },
    { title: 'Tax', width: 100, align: 'right' as const },
  ];
  row(
    pdf,
    columns,
    columns.map((c) => c.title),
    BOLD,
  );
  for (const line of doc.lines) {
    const period = line.periodStart && line.periodEnd ? ` (${day(line.periodStart)} – ${day(line.periodEnd)})` : '';
    row(pdf, columns, [
      `${line.description}${period}`,
      String(line.quantity),
      money(line.amountCents, doc.currency),
      `${line.taxPercentage}%`,
      money(line.taxCents, doc.currency),
    ]);
  }
  pdf.moveDown(1);
  pdf.font(BOLD).fontSize(11).text('Totals by tax rate', left, pdf.y, { width });
  if (doc.rateTotals.length === 0) pdf.font(BODY).fontSize(10).text('No tax charged.', { width });
  for (const rate of doc.rateTotals)
    pdf
      .font(BODY)
      .fontSize(10)
      .text(`${safe(rateLabel(rate))} on ${money(rate.netCents, doc.currency)}: ${money(rate.taxCents, doc.currency)}`, { width });
  pdf.moveDown(0.5);
  for (const [label, cents, font] of [
    ['Subtotal (net)', doc.subtotalCents, BODY],
    ['Tax', doc.taxCents, BODY],
    [doc.kind === 'invoice' ? 'Total' : 'Total credited', doc.totalCents, BOLD],
  ] as const) {
    const y = pdf.y;
    pdf
      .font(font)
      .fontSize(11)
      .text(label, left, y, { width: width - 140 });
    pdf.text(`${money(cents, doc.currency)} ${doc.currency.toUpperCase()}`, left + width - 140, y, { width: 140, align: 'right' });
  }
  if (doc.reverseCharge) {
    pdf.moveDown(1);
    pdf.font(BOLD).fontSize(11).text('Reverse charge', left, pdf.y, { width });
    pdf.font(BODY).fontSize(10).text(REVERSE_CHARGE_NOTE, { width });
  }
}

function party(pdf: Doc, title: string, lines: string[], x: number, y: number, width: number): void {
  pdf.font(BOLD).fontSize(11).text(title, x, y, { width });
  pdf.font(BODY).fontSize(10);
  for (const line of lines) pdf.text(safe(line), x, pdf.y, { width });
}

function row(pdf: Doc, columns: ReadonlyArray<{ width: number; align: 'left' | 'right' }>, cells: string[], font = BODY): void {
  const y = pdf.y;
  let x = pdf.page.margins.left;
  let bottom = y;
  pdf.font(font).fontSize(10);
  columns.forEach((column, i) => {
    pdf.text(safe(cells[i] ?? ''), x, y, { width: column.width - 6, align: column.align });
    bottom = Math.max(bottom, pdf.y);
    x += column.width;
  });
  pdf.y = bottom + 4;
}
