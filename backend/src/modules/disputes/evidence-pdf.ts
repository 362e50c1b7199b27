import PDFDocument from 'pdfkit';
import type { EvidenceReport, EvidenceTable } from './evidence-report';
import { breakLongRuns, pdfSafeText } from './pdf-safe-text';

/** Stripe's fields hold at most 20,000 characters; anything longer was not written by us, so it is cut. */
const FIELD_MAX = 20_000;
/** A table cell or summary value: short enough that a row always fits on one page. */
const CELL_MAX = 200;
const BODY = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const PAD = 3;
/** Fits one line even in the widest glyphs; a longer run without a space (a token, a URL, junk) is wrapped here. */
const RUN_MAX = 40;

type Doc = PDFKit.PDFDocument;

/**
 * The evidence report as a PDF drawn with pdfkit's built-in Helvetica (no font files, no network): title and
 * dispute summary, each evidence field as wrapped text, then the facts as tables that carry on across pages
 * under a repeated header row, with page numbers and the generation time in every footer.
 */
export function evidencePdf(report: EvidenceReport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 64, left: 56, right: 56 },
    bufferPages: true,
    info: { Title: pdfSafeText(report.title, CELL_MAX), Creator: 'SystemSculpt' },
  });
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc, report);
      doc.end();
    } catch (error) {
      reject(error as Error);
    }
  });
}

function draw(doc: Doc, report: EvidenceReport): void {
  const width = contentWidth(doc);
  doc.font(BOLD).fontSize(18).text(pdfSafeText(report.title, CELL_MAX), { width });
  doc.moveDown(0.5);
  for (const item of report.summary) {
    const y = doc.y;
    doc.font(BOLD).fontSize(10).text(pdfSafeText(item.label, CELL_MAX), doc.page.margins.left, y, { width: 110 });
    doc.font(BODY).text(pdfSafeText(item.value, CELL_MAX), doc.page.margins.left + 115, y, { width: width - 115 });
  }
  for (const field of report.fields) {
    heading(doc, field.title);
    doc
      .font(BODY)
      .fontSize(10)
      .text(breakLongRuns(pdfSafeText(field.text, FIELD_MAX), RUN_MAX) || '—', doc.page.margins.left, doc.y, { width });
  }
  for (const table of report.tables) drawTable(doc, table);
  footers(doc, report.generatedAt);
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const pageBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** A section heading, moved to the next page when the page has no room for it and `below` points under it. */
function heading(doc: Doc, title: string, below = 40): void {
  doc.moveDown(1);
  if (doc.y + 24 + below > pageBottom(doc)) doc.addPage();
  const left = doc.page.margins.left;
  doc
    .font(BOLD)
    .fontSize(13)
    .text(pdfSafeText(title, CELL_MAX), left, doc.y, { width: contentWidth(doc) });
  const y = doc.y + 2;
  doc
    .moveTo(left, y)
    .lineTo(left + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor('#888888')
    .stroke();
  doc.y = y + 6;
}

function drawTable(doc: Doc, table: EvidenceTable): void {
  const total = table.columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = table.columns.map((c) => (contentWidth(doc) * c.weight) / total);
  const header = table.columns.map((c) => pdfSafeText(c.title, CELL_MAX));
  const first = table.rows[0]?.map((cell) => pdfSafeText(cell, CELL_MAX));
  // Keep the heading, the header row and the first row together.
  heading(doc, table.heading, first ? rowHeight(doc, widths, header, BOLD) + rowHeight(doc, widths, first, BODY) : 20);
  if (table.rows.length === 0) {
    doc.font(BODY).fontSize(10).fillColor('#555555').text('None recorded.', doc.page.margins.left, doc.y).fillColor('#000000');
    return;
  }
  row(doc, widths, header, BOLD);
  for (const cells of table.rows) {
    const safe = cells.map((cell) => pdfSafeText(cell, CELL_MAX));
    if (doc.y + rowHeight(doc, widths, safe, BODY) > pageBottom(doc)) {
      doc.addPage();
      row(doc, widths, header, BOLD);
    }
    row(doc, widths, safe, BODY);
  }
}

function rowHeight(doc: Doc, widths: number[], cells: string[], font: string): number {
  doc.font(font).fontSize(9);
  return Math.max(...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - 2 * PAD }))) + 2 * PAD;
}

function row(doc: Doc, widths: number[], cells: string[], font: string): void {
  const height = rowHeight(doc, widths, cells, font);
  const top = doc.y;
  let x = doc.page.margins.left;
  cells.forEach((cell, i) => {
    doc
      .font(font)
      .fontSize(9)
      .text(cell, x + PAD, top + PAD, { width: widths[i]! - 2 * PAD });
    x += widths[i]!;
  });
  const bottom = top + height;
  doc
    .moveTo(doc.page.margins.left, bottom)
    .lineTo(x, bottom)
    .lineWidth(font === BOLD ? 0.8 : 0.3)
    .strokeColor(font === BOLD ? '#444444' : '#cccccc')
    .stroke();
  doc.x = doc.page.margins.left;
  doc.y = bottom;
}

/** "Page n of m" and the generation time at the foot of every page, written once the page count is known. */
function footers(doc: Doc, generatedAt: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise make pdfkit start a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 40;
    const left = doc.page.margins.left;
    doc.font(BODY).fontSize(8).fillColor('#555555');
    doc.text(pdfSafeText(`Generated ${generatedAt}`, CELL_MAX), left, y, { width: contentWidth(doc), lineBreak: false });
    doc.text(`Page ${i - start + 1} of ${count}`, left, y, { width: contentWidth(doc), align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.fillColor('#000000');
}
