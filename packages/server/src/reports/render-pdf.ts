import type { Writable } from 'node:stream';
import { formatCents, formatDate, formatDateTime, formatPercent } from '@lm/domain';
import PDFDocument from 'pdfkit';
import { CellFont, type CellPlacement, cellLine } from './pdf-cells';
import { type ColumnKind, ColumnTotals, type ReportCell, type ReportDataset, type ReportRow } from './report-dataset';
import { chunkedStream, rowsBetweenBackpressureChecks, whenDrained } from './report-output';

/**
 * A dataset as a PDF statement (pdfkit): the lender's name, the report's title, the investors'
 * names and addresses, the account and the period at the head; a table that breaks across pages
 * and repeats its header on each; a totals row; and "Page n of m" at the foot of every page.
 * Pages are written out as the table moves on (their numbers are filled in at the end, see
 * PageNumbers) and table cells are written by pdf-cells.ts, so a statement of 100,000 rows
 * takes seconds and no more memory than a short one.
 */

const margin = 40;
const footerHeight = 24;
const rowHeight = 14;
const tableFontSize = 8;
const textColour = '#1a1a1a';
const mutedColour = '#555555';
const headerFill = '#e8eef4';
const ruleColour = '#9aa7b4';
/** Wider tables than this many characters of column widths are printed on landscape pages. */
const portraitWidthMax = 110;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function cellText(kind: ColumnKind, value: ReportCell): string {
  if (value === null) return '';
  switch (kind) {
    case 'money':
      return typeof value === 'bigint' ? formatCents(value) : String(value);
    case 'date':
      // a business date; the totals row's label stands in the first column as text
      return isoDate.test(String(value)) ? formatDate(String(value)) : String(value);
    case 'rate':
      return /^-?\d+(\.\d+)?$/.test(String(value)) ? formatPercent(String(value), 2) : String(value);
    default:
      return String(value);
  }
}

/**
 * "Page n of m" on every page, without holding the pages until m is known: each page shows a
 * small form (a PDF Form XObject) whose text is written once the last page is. The pages
 * themselves are written out as the table moves on, so memory stays flat however long it runs.
 */
class PageNumbers {
  private readonly forms: Array<{ write(chunk: string | Uint8Array): void; end(): void }> = [];

  constructor(
    private readonly font: CellFont,
    private readonly box: { left: number; width: number; top: number },
  ) {}

  /** Places this page's number on the page being written. */
  stamp(doc: PDFKit.PDFDocument): void {
    const { width, height } = doc.page;
    const form = (
      doc as unknown as { ref(data: object): { write(chunk: string | Uint8Array): void; end(): void } }
    ).ref({
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, width, height],
      Resources: { Font: { [this.font.id]: this.font.reference } },
    });
    const name = `PageNumber${this.forms.length + 1}`;
    (doc.page as unknown as { xobjects: Record<string, unknown> }).xobjects[name] = form;
    doc.addContent(`q /${name} Do Q`);
    this.forms.push(form);
  }

  /** Writes every page's number, once their count is known. */
  finish(pageHeight: number): void {
    const count = this.forms.length;
    this.forms.forEach((form, index) => {
      const text = cellLine(
        pageHeight,
        this.font,
        this.box.top,
        [{ x: this.box.left, width: this.box.width, align: 'right' }],
        [`Page ${index + 1} of ${count}`],
      );
      // the form is drawn in the page's own (flipped) space; its text sets the colour it is shown in
      form.write(`${mutedRgb} rg`);
      form.write(text);
      form.end();
    });
  }
}

const mutedRgb = '0.333 0.333 0.333';

export async function renderPdf(dataset: ReportDataset, out: Writable): Promise<void> {
  const widthUnits = dataset.columns.reduce((sum, c) => sum + c.width, 0);
  const layout = widthUnits > portraitWidthMax ? 'landscape' : 'portrait';
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margin,
    info: { Title: dataset.title, Author: dataset.subject.lenderName, Subject: dataset.subject.period },
  });
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    out.on('close', () => reject(new Error('the report\u2019s reply closed before it was written')));
    doc.on('error', reject);
  });
  const sink = chunkedStream(out);
  doc.pipe(sink);

  const left = margin;
  const usable = doc.page.width - 2 * margin;
  const pageHeight = doc.page.height;
  const bottom = () => doc.page.height - margin - footerHeight;
  const scale = usable / widthUnits;
  const cells: CellPlacement[] = [];
  let x = left;
  for (const c of dataset.columns) {
    cells.push({ x: x + 2, width: c.width * scale - 4, align: c.kind === 'text' ? 'left' : 'right' });
    x += c.width * scale;
  }
  const regular = CellFont.current(doc.font('Helvetica'), tableFontSize);
  const bold = CellFont.current(doc.font('Helvetica-Bold'), tableFontSize);
  const footerFont = CellFont.current(doc.font('Helvetica'), 7);
  const footY = pageHeight - margin - 10;
  const pageNumbers = new PageNumbers(footerFont, { left: left + usable / 2, width: usable / 2, top: footY });
  const footerLeft = `${dataset.subject.lenderName} \u00b7 ${dataset.title}`;

  /** What every page carries: its fonts, the footer and its number. */
  // the fill colour is set only when it changes: a row after a row leaves it as it is
  let fillIsText = false;
  const startPage = () => {
    regular.useOn(doc);
    bold.useOn(doc);
    doc.fillColor(mutedColour);
    fillIsText = false;
    doc.addContent(
      cellLine(pageHeight, footerFont, footY, [{ x: left, width: usable / 2, align: 'left' }], [footerLeft]),
    );
    pageNumbers.stamp(doc);
  };
  const newPage = () => {
    doc.addPage();
    startPage();
  };
  startPage();
  writeHead(doc, dataset, usable);

  const headerTexts = dataset.columns.map((c) => c.header);
  const drawHeader = () => {
    const y = doc.y;
    doc.rect(left, y, usable, rowHeight + 2).fill(headerFill);
    doc.fillColor(textColour);
    fillIsText = true;
    doc.addContent(cellLine(pageHeight, bold, y + 4, cells, headerTexts));
    doc.y = y + rowHeight + 4;
  };

  const texts: string[] = new Array(dataset.columns.length);
  const drawRow = (row: ReportRow, font: CellFont) => {
    if (doc.y + rowHeight > bottom()) {
      newPage();
      drawHeader();
    }
    const y = doc.y;
    dataset.columns.forEach((c, i) => {
      const value = row[c.key] ?? null;
      texts[i] = cellText(c.kind, value);
    });
    if (!fillIsText) {
      doc.fillColor(textColour);
      fillIsText = true;
    }
    doc.addContent(cellLine(pageHeight, font, y + 2, cells, texts));
    doc.y = y + rowHeight;
  };

  drawHeader();
  const totals = new ColumnTotals(dataset.columns);
  let count = 0;
  for await (const row of dataset.rows) {
    totals.add(row);
    drawRow(row, regular);
    count++;
    if (count % rowsBetweenBackpressureChecks === 0) await whenDrained(sink);
  }
  if (count === 0) {
    fillIsText = false;
    doc.font('Helvetica-Oblique').fontSize(tableFontSize).fillColor(mutedColour);
    doc.text('No data to display', left + 2, doc.y + 2);
    doc.y += 4;
  }
  if (totals.any) {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + usable, doc.y)
      .strokeColor(ruleColour)
      .lineWidth(0.5)
      .stroke();
    drawRow(totals.row('Total'), bold);
  }
  if (dataset.summaryAfter.length > 0) {
    doc.y += 8;
    for (const line of dataset.summaryAfter) {
      if (doc.y + rowHeight > bottom()) newPage();
      summaryLine(doc, line.label, summaryText(line.kind, line.value), left);
    }
  }
  pageNumbers.finish(pageHeight);
  doc.end();
  await finished;
}

function writeHead(doc: PDFKit.PDFDocument, dataset: ReportDataset, usable: number): void {
  const { subject } = dataset;
  const left = margin;
  doc.fillColor(textColour).font('Helvetica-Bold').fontSize(16).text(subject.lenderName, left, margin);
  doc.font('Helvetica').fontSize(13).text(dataset.title);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(mutedColour)
    .text(`Generated ${formatDateTime(subject.generatedAt)}`, left, margin + 4, { width: usable, align: 'right' });
  doc.y = margin + 44;
  doc.fillColor(textColour);
  const top = doc.y;
  let leftY = top;
  for (const investor of subject.investors ?? []) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(investor.name, left, leftY, { width: usable / 2 });
    doc.font('Helvetica').fontSize(9);
    for (const line of investor.address) doc.text(line, { width: usable / 2 });
    leftY = doc.y + 4;
  }
  let rightY = top;
  const right = left + usable / 2;
  const fact = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(9).text(label, right, rightY, { width: 90, lineBreak: false });
    doc.font('Helvetica').text(value, right + 92, rightY, { width: usable / 2 - 92 });
    rightY = doc.y + 2;
  };
  if (subject.account) {
    fact('Account', `${subject.account.id} ${subject.account.name}`);
    if (subject.account.billerCode) fact('BPAY biller code', subject.account.billerCode);
    if (subject.account.reference) fact('BPAY reference', subject.account.reference);
  }
  fact('Period', subject.period);
  doc.y = Math.max(leftY, rightY) + 8;
  for (const line of dataset.summaryBefore) summaryLine(doc, line.label, summaryText(line.kind, line.value), left);
  doc.y += 6;
}

function summaryText(kind: 'money' | 'text' | 'date', value: ReportCell): string {
  if (kind === 'money') return cellText('money', value);
  if (kind === 'date') return cellText('date', value);
  return value === null ? '' : String(value);
}

function summaryLine(doc: PDFKit.PDFDocument, label: string, value: string, left: number): void {
  const y = doc.y;
  doc.fillColor(textColour).font('Helvetica-Bold').fontSize(9).text(label, left, y, { width: 180, lineBreak: false });
  doc.font('Helvetica').text(value, left + 182, y, { width: 160, lineBreak: false });
  doc.y = y + 13;
}
