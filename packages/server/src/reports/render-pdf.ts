import type { Writable } from 'node:stream';
import { formatCents, formatDate, formatDateTime, formatPercent } from '@lm/domain';
import PDFDocument from 'pdfkit';
import { type ColumnKind, ColumnTotals, type ReportCell, type ReportDataset, type ReportRow } from './report-dataset';

/**
 * A dataset as a PDF statement (pdfkit): the lender's name, the report's title, the investors'
 * names and addresses, the account and the period at the head; a table that breaks across pages
 * and repeats its header on each; a totals row; and "Page n of m" at the foot of every page.
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

export async function renderPdf(dataset: ReportDataset, out: Writable): Promise<void> {
  const widthUnits = dataset.columns.reduce((sum, c) => sum + c.width, 0);
  const layout = widthUnits > portraitWidthMax ? 'landscape' : 'portrait';
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margin,
    bufferPages: true,
    info: { Title: dataset.title, Author: dataset.subject.lenderName, Subject: dataset.subject.period },
  });
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(out);

  const left = margin;
  const usable = doc.page.width - 2 * margin;
  const bottom = () => doc.page.height - margin - footerHeight;
  const scale = usable / widthUnits;
  const xs: number[] = [];
  let x = left;
  for (const c of dataset.columns) {
    xs.push(x);
    x += c.width * scale;
  }

  writeHead(doc, dataset, usable);

  const drawHeader = () => {
    const y = doc.y;
    doc.rect(left, y, usable, rowHeight + 2).fill(headerFill);
    doc.fillColor(textColour).font('Helvetica-Bold').fontSize(tableFontSize);
    dataset.columns.forEach((c, i) => {
      doc.text(c.header, (xs[i] ?? left) + 2, y + 4, {
        width: c.width * scale - 4,
        align: c.kind === 'text' ? 'left' : 'right',
        lineBreak: false,
        ellipsis: true,
      });
    });
    doc.y = y + rowHeight + 4;
  };

  const drawRow = (row: ReportRow, bold = false) => {
    if (doc.y + rowHeight > bottom()) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    doc
      .fillColor(textColour)
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(tableFontSize);
    dataset.columns.forEach((c, i) => {
      doc.text(cellText(c.kind, row[c.key] ?? null), (xs[i] ?? left) + 2, y + 2, {
        width: c.width * scale - 4,
        align: c.kind === 'text' ? 'left' : 'right',
        lineBreak: false,
        ellipsis: true,
      });
    });
    doc.y = y + rowHeight;
  };

  drawHeader();
  const totals = new ColumnTotals(dataset.columns);
  let count = 0;
  for await (const row of dataset.rows) {
    totals.add(row);
    drawRow(row);
    count++;
  }
  if (count === 0) {
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
    drawRow(totals.row('Total'), true);
  }
  if (dataset.summaryAfter.length > 0) {
    doc.y += 8;
    for (const line of dataset.summaryAfter) {
      if (doc.y + rowHeight > bottom()) doc.addPage();
      summaryLine(doc, line.label, summaryText(line.kind, line.value), left);
    }
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor(mutedColour);
    const footY = doc.page.height - margin - 10;
    doc.text(`${dataset.subject.lenderName} \u00b7 ${dataset.title}`, left, footY, {
      width: usable / 2,
      lineBreak: false,
    });
    doc.text(`Page ${i + 1} of ${pages.count}`, left + usable / 2, footY, {
      width: usable / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = savedBottom;
  }
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
