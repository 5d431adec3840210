import { PassThrough, Writable } from 'node:stream';
import zlib from 'node:zlib';
import { centsToString, reportDefinition, sydneyDate } from '@lm/domain';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { CellFont, cellLine, OperatorBytes, pdfNumber } from './pdf-cells';
import { renderCsv } from './render-csv';
import { renderPdf } from './render-pdf';
import { renderXlsx } from './render-xlsx';
import type { ReportDataset, ReportRow } from './report-dataset';
import { reportDatasets } from './report-datasets';
import { ChunkedText, chunkedStream, reportChunkBytes } from './report-output';

/**
 * The streaming side of the reports: long tables in each format (pages written as they fill, with
 * "Page n of m" on each; cells as pdfkit itself would place them), writes gathered into chunks, and
 * the statements' row counts equal to the rows they list, on the demo book.
 */

/** A statement-shaped dataset of `rows` generated rows (the renderers take any dataset). */
function longDataset(rows: number): ReportDataset {
  const definition = reportDefinition('account-transactions-statement');
  if (!definition) throw new Error('no definition');
  async function* generate(): AsyncGenerator<ReportRow> {
    for (let n = 0; n < rows; n++) {
      yield {
        date: '2026-01-02',
        type: n % 2 === 0 ? 'Deposit' : 'Withdrawal',
        // parentheses, a backslash, characters outside ASCII and a text too long for its cell
        comment:
          n === 0 ? 'Caf\u00e9 (north) \\ \u00b7 a comment far too long to fit in its column at all' : `Row ${n}`,
        amount: n % 2 === 0 ? BigInt(n * 100 + 1) : -BigInt(n),
      };
    }
  }
  return {
    definition,
    parameters: { format: 'pdf' },
    title: 'Long statement',
    subject: { lenderName: 'Lender', period: 'All', generatedAt: new Date('2026-01-03T00:00:00Z') },
    summaryBefore: [{ label: 'Opening balance', kind: 'money', value: 0n }],
    summaryAfter: [{ label: 'Closing balance', kind: 'money', value: 0n }],
    columns: [
      { key: 'date', header: 'Date', kind: 'date', width: 12 },
      { key: 'type', header: 'Type', kind: 'text', width: 20 },
      { key: 'comment', header: 'Comment', kind: 'text', width: 20 },
      { key: 'amount', header: 'Amount', kind: 'money', width: 15, total: true },
    ],
    rows: generate(),
    rowCount: async () => rows,
    fileName: 'long',
  };
}

/** Collects what a renderer writes, and the sizes of the writes. */
function collector() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  return { out, chunks, bytes: () => Buffer.concat(chunks) };
}

/** The text a PDF shows, page by page: its content streams inflated, the strings of Tj and TJ read back. */
function pdfText(pdf: Buffer): { pages: number; texts: string[] } {
  const raw = pdf.toString('latin1');
  const pages = raw.match(/\/Type \/Page\b/g)?.length ?? 0;
  const texts: string[] = [];
  const streams = /stream\n([\s\S]*?)\nendstream/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    const shows = /\[((?:\((?:\\.|[^\\)])*\)|[^\]])*)\] TJ|\(((?:\\.|[^\\)])*)\) Tj/g;
    for (let s = shows.exec(content); s; s = shows.exec(content)) {
      const literal = s[2] ?? [...(s[1] ?? '').matchAll(/\(((?:\\.|[^\\)])*)\)/g)].map((p) => p[1]).join('');
      texts.push(
        literal.replace(/\\([0-7]{3}|.)/g, (_, c: string) =>
          c.length === 3 ? String.fromCharCode(Number.parseInt(c, 8)) : c,
        ),
      );
    }
  }
  return { pages, texts };
}

describe('the PDF of a long table', () => {
  it('numbers every page "Page n of m", repeats the header on each, and lists every row and the total', async () => {
    const rows = 3_000;
    const sink = collector();
    await renderPdf(longDataset(rows), sink.out);
    const { pages, texts } = pdfText(sink.bytes());
    expect(pages).toBeGreaterThan(40);
    for (let n = 1; n <= pages; n++) expect(texts).toContain(`Page ${n} of ${pages}`);
    expect(texts.filter((t) => t === 'Comment')).toHaveLength(pages);
    expect(texts).toContain(`Row ${rows - 1}`);
    // the total of the amounts, as the rows were generated
    let total = 0n;
    for (let n = 0; n < rows; n++) total += n % 2 === 0 ? BigInt(n * 100 + 1) : -BigInt(n);
    const dollars = centsToString(total).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    expect(texts).toContain(`$${dollars}`);
    expect(texts).toContain('-$0.01');
    // WinAnsi characters, escaped characters and the ellipsis of a text cut to its cell
    const first = texts.find((t) => t.startsWith('Caf'));
    expect(first).toMatch(/^Caf\xe9 \(north\) \\ \xb7 .*\x85$/);
    // the file went out in chunks as it was made, not in one piece at the end
    expect(sink.bytes().length).toBeGreaterThan(reportChunkBytes);
    expect(sink.chunks.length).toBeGreaterThanOrEqual(Math.floor(sink.bytes().length / reportChunkBytes));
  });

  it('writes numbers as pdfkit writes them, without making their text', () => {
    const out = new OperatorBytes();
    for (const n of [0, -0, 0.5, -0.004, 0.005, 12.345, -12.3, 100, 841.89, 1e9 + 0.07]) {
      expect(out.number(n).take().toString('latin1')).toBe(pdfNumber(n));
    }
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (n) => {
        expect(out.number(n).take().toString('latin1')).toBe(pdfNumber(n));
      }),
    );
  });

  it('places cells with the widths and kerning pdfkit gives the same text', () => {
    const doc = new PDFDocument({ size: 'A4' });
    for (const face of ['Helvetica', 'Helvetica-Bold']) {
      doc.font(face).fontSize(8);
      const font = CellFont.current(doc, 8);
      for (const text of ['AVATAR To Yes', 'Transfer Out', '$1,234,567.89', '-$0.01', 'Caf\u00e9 (\u00b7)']) {
        expect(font.widthOf(text)).toBeCloseTo(doc.widthOfString(text), 6);
      }
      // a kerned pair is shown with its adjustment (A and V are kerned in both faces)
      expect(font.show('AV')).toMatch(/^\[\(A\) \d+ \(V\)\] TJ$/);
      expect(font.show('(a\\b)')).toBe('(\\(a\\\\b\\)) Tj');
      const cut = font.fit('a text that is much too long', 30);
      // the bytes a table line is written as say what show() says
      expect(cellLine(800, font, 10, [{ x: 5, width: 200, align: 'left' }], ['AV (x)']).toString('latin1')).toBe(
        `q 1 0 0 -1 0 800 cm BT /${font.id} 8 Tf 5 ${pdfNumber(800 - 10 - font.ascent)} Td ${font.show('AV (x)')} ET Q\n`,
      );
      expect(cut.width).toBeLessThanOrEqual(30);
      expect(cut.text.endsWith('\u2026')).toBe(true);
    }
    doc.end();
  });
});

describe('long tables in xlsx and csv', () => {
  it('xlsx: every row with its number and date formats, and the total', async () => {
    const rows = 2_000;
    const sink = collector();
    await renderXlsx({ ...longDataset(rows), parameters: { format: 'xlsx' } }, sink.out);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sink.bytes() as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    let header = 0;
    sheet.eachRow((row, n) => {
      if (row.getCell(1).value === 'Date') header = n;
    });
    expect(header).toBeGreaterThan(0);
    const first = sheet.getRow(header + 1);
    expect(first.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(4).numFmt).toBe('#,##0.00;[Red]-#,##0.00');
    expect(first.getCell(4).value).toBe(0.01);
    const last = sheet.getRow(header + rows);
    expect(last.getCell(3).value).toBe(`Row ${rows - 1}`);
    expect(last.getCell(4).numFmt).toBe('#,##0.00;[Red]-#,##0.00');
    const totals = sheet.getRow(header + rows + 1);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.font?.bold ?? totals.getCell(4).font?.bold).toBe(true);
    // the data rows' shared styles stayed as they were: not bold
    expect(last.getCell(4).font?.bold).toBeFalsy();
  });

  it('csv: lines gathered into writes of about 64 KB', async () => {
    const rows = 20_000;
    const sink = collector();
    await renderCsv({ ...longDataset(rows), parameters: { format: 'csv' } }, sink.out);
    const lines = sink.bytes().toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(rows + 2);
    expect(lines[rows]).toBe(`2026-01-02,Withdrawal,Row ${rows - 1},-${centsToString(BigInt(rows - 1))}`);
    expect(sink.chunks.length).toBeLessThan(Math.ceil(sink.bytes().length / reportChunkBytes) + 2);
    for (const chunk of sink.chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(reportChunkBytes);
  });
});

describe('a reply read slowly', () => {
  for (const [format, render] of [
    ['pdf', renderPdf],
    ['xlsx', renderXlsx],
    ['csv', renderCsv],
  ] as const) {
    it(`${format}: the rows wait for the reader instead of piling up in memory`, { timeout: 60_000 }, async () => {
      const rows = 20_000;
      const dataset = longDataset(rows);
      let listed = 0;
      const source = dataset.rows;
      // a comment that differs from row to row, as real ones do, so the zipped xlsx is not all repeats
      async function* counted() {
        for await (const row of source) {
          listed++;
          yield { ...row, comment: `${row.comment} ${((listed * 2654435761) % 4294967296).toString(36)}` };
        }
      }
      const reply = new PassThrough({ highWaterMark: 16 * 1024 });
      const rendering = render({ ...dataset, rows: counted(), parameters: { format } }, reply);
      // nobody reads the reply yet: the renderer stops (no row for half a second) before the last row
      let stoppedAt = -1;
      for (let look = 0; look < 40 && listed !== stoppedAt; look++) {
        stoppedAt = listed;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(listed).toBe(stoppedAt);
      expect(stoppedAt).toBeGreaterThan(0);
      expect(stoppedAt).toBeLessThan(rows);
      // once the reply is read, it finishes
      let bytes = 0;
      reply.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      await rendering;
      expect(listed).toBe(rows);
      expect(bytes).toBeGreaterThan(0);
    });
  }
});

describe('chunked output', () => {
  it('honours the reply\u2019s backpressure and fails, not hangs, when the reply closes', async () => {
    const reply = new PassThrough({ highWaterMark: 1024 });
    const text = new ChunkedText(reply);
    // nobody reads: a chunk larger than the reply holds waits for it to drain
    const waiting = text.write('x'.repeat(reportChunkBytes));
    let settled = false;
    waiting.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    reply.destroy();
    await expect(waiting).rejects.toThrow(/closed/);
  });

  it('a library\u2019s small writes reach the reply whole, in fewer, larger chunks, and end it', async () => {
    const sink = collector();
    const stream = chunkedStream(sink.out);
    const pieces = Array.from({ length: 5_000 }, (_, n) => `piece ${n};`);
    for (const piece of pieces) stream.write(Buffer.from(piece));
    await new Promise<void>((resolve, reject) =>
      stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    expect(sink.bytes().toString()).toBe(pieces.join(''));
    expect(sink.chunks.length).toBeLessThan(5);
  });
});

describe('the statements\u2019 row counts on the demo book', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'demo' });
  }, 120_000);
  afterAll(() => t.close());

  it('equal the rows each statement lists, for every account with rows', async () => {
    const today = sydneyDate(t.ctx.clock.now());
    const { sql } = await import('kysely');
    const accounts = await sql<{ id: number }>`
      select investment_account_id as id from account_transactions group by investment_account_id
      order by count(*) desc limit 4`.execute(t.ctx.db);
    expect(accounts.rows.length).toBeGreaterThan(0);
    for (const reportId of [
      'account-transactions-statement',
      'account-interest-statement',
      'account-split-transactions-statement',
      'investment-account-transactions',
    ] as const) {
      const definition = reportDefinition(reportId)!;
      for (const { id } of accounts.rows) {
        const parameters = { format: 'csv' as const, accountId: Number(id), startDate: '2000-01-01', endDate: today };
        const dataset = await reportDatasets[reportId]!(t.ctx, { definition, parameters });
        let listed = 0;
        for await (const _ of dataset.rows) listed++;
        expect(await dataset.rowCount!(), `${reportId} of account ${id}`).toBe(listed);
        if (reportId === 'account-transactions-statement') expect(listed).toBeGreaterThan(0);
      }
    }
  });
});
