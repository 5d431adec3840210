import { AppError } from '@lm/domain';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { fileColumnsMax, sharedStringsMax, sheetRowElementsMax } from './upload-limits';
import type { ZipFile, ZipPart } from './zip-parts';

/**
 * An .xlsx workbook read as a stream of XML events: the sheet list, shared strings and number
 * formats first (all small), then one sheet at a time, row by row, stopping at the first row past
 * the caller's cap without reading the rest. Cell values are what the cell shows as data: text,
 * number, boolean, a date (a number in a date format) or an error text; a formula gives its cached
 * result. Every part is inflated through `ZipFile`, which enforces the unpacked-size limits.
 */
export type XlsxCell = string | number | boolean | Date | null;

export interface XlsxRow {
  /** The row number in the sheet, from 1. */
  line: number;
  /** Values by column, from column A; columns without a value are null. */
  cells: XlsxCell[];
}

export interface XlsxSheet {
  name: string;
  part: ZipPart;
}

export interface SheetLimits {
  /** Rows with a value; reading stops at the first row past it. */
  rowsMax: number;
  /** The refusal for a sheet with more rows than `rowsMax` (called at row `rowsMax + 1`). */
  tooManyRows: (sheet: string, line: number) => AppError;
}

const unreadable = (reason: string) =>
  new AppError('INVALID_FILE', `The spreadsheet could not be read (${reason}). Please save it as .xlsx or .csv again.`);

/** Local name of an element (`x:row` and `row` alike). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Excel's built-in number formats that show a date or time. */
const builtInDateFormats = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

function isDateFormat(code: string): boolean {
  const shown = code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '');
  return /[ymdhMsb]+/.test(shown);
}

/** Feeds a part's XML to a SAX parser chunk by chunk; `stop()` from a handler ends the read early. */
async function parsePart(
  zip: ZipFile,
  part: ZipPart,
  handlers: {
    open?: (tag: SaxesTagPlain) => void;
    close?: (tag: SaxesTagPlain) => void;
    text?: (text: string) => void;
  },
  stopped: () => boolean = () => false,
): Promise<void> {
  const parser = new SaxesParser();
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  if (handlers.open) parser.on('opentag', handlers.open as (tag: unknown) => void);
  if (handlers.close) parser.on('closetag', handlers.close as (tag: unknown) => void);
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of zip.chunks(part)) {
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failure) throw unreadable(`the part ${part.name} is not well-formed XML`);
    if (stopped()) return;
  }
  parser.write(decoder.decode());
  parser.close();
  if (failure) throw unreadable(`the part ${part.name} is not well-formed XML`);
}

/** `B12` to column 2; null when it is not a cell reference. */
function columnOf(reference: string | undefined): number | null {
  const m = /^\$?([A-Za-z]{1,3})\$?\d+$/.exec(reference ?? '');
  if (!m) return null;
  let column = 0;
  for (const letter of m[1]!.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

export class XlsxWorkbook {
  private sharedStrings: string[] = [];
  private dateStyles: boolean[] = [];
  private date1904 = false;

  private constructor(
    private readonly zip: ZipFile,
    readonly sheets: XlsxSheet[],
  ) {}

  /** The sheet list (in workbook order), shared strings and the styles that show dates. */
  static async open(zip: ZipFile): Promise<XlsxWorkbook> {
    const workbookPart = zip.part('xl/workbook.xml');
    if (!workbookPart) throw unreadable('it has no workbook part');
    const declared: { name: string; relationId: string }[] = [];
    let date1904 = false;
    await parsePart(zip, workbookPart, {
      open: (tag) => {
        const name = local(tag.name);
        if (name === 'sheet') {
          const relationId = Object.entries(tag.attributes).find(([key]) => local(key) === 'id' && key !== 'sheetId');
          declared.push({ name: tag.attributes.name ?? '', relationId: relationId?.[1] ?? '' });
        } else if (name === 'workbookPr') {
          date1904 = ['1', 'true'].includes(tag.attributes.date1904 ?? '');
        }
      },
    });

    const targets = new Map<string, string>();
    const relsPart = zip.part('xl/_rels/workbook.xml.rels');
    if (relsPart) {
      await parsePart(zip, relsPart, {
        open: (tag) => {
          if (local(tag.name) === 'Relationship' && tag.attributes.Id && tag.attributes.Target) {
            targets.set(tag.attributes.Id, resolveTarget(workbookPart.name, tag.attributes.Target));
          }
        },
      });
    }
    const sheets: XlsxSheet[] = [];
    for (const sheet of declared) {
      const target = targets.get(sheet.relationId);
      const part = target ? zip.part(target) : undefined;
      if (part) sheets.push({ name: sheet.name, part });
    }

    const book = new XlsxWorkbook(zip, sheets);
    book.date1904 = date1904;
    await book.readSharedStrings();
    await book.readStyles();
    return book;
  }

  private async readSharedStrings(): Promise<void> {
    const part = this.zip.part('xl/sharedStrings.xml');
    if (!part) return;
    let depthInPhonetic = 0;
    let inText = false;
    let current: string[] | null = null;
    await parsePart(this.zip, part, {
      open: (tag) => {
        const name = local(tag.name);
        if (name === 'si') current = [];
        else if (name === 'rPh') depthInPhonetic += 1;
        else if (name === 't' && depthInPhonetic === 0) inText = !tag.isSelfClosing;
      },
      close: (tag) => {
        const name = local(tag.name);
        if (name === 'si' && current) {
          if (this.sharedStrings.length >= sharedStringsMax) {
            throw new AppError(
              'PAYLOAD_TOO_LARGE',
              `The spreadsheet has more than ${sharedStringsMax} different texts (the limit is ${sharedStringsMax}).`,
            );
          }
          this.sharedStrings.push(current.join(''));
          current = null;
        } else if (name === 'rPh') depthInPhonetic -= 1;
        else if (name === 't') inText = false;
      },
      text: (text) => {
        if (inText && current) current.push(text);
      },
    });
  }

  private async readStyles(): Promise<void> {
    const part = this.zip.part('xl/styles.xml');
    if (!part) return;
    const customFormats = new Map<number, string>();
    const formatIds: number[] = [];
    let inCellXfs = false;
    await parsePart(this.zip, part, {
      open: (tag) => {
        const name = local(tag.name);
        if (name === 'numFmt') customFormats.set(Number(tag.attributes.numFmtId), tag.attributes.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = !tag.isSelfClosing;
        else if (name === 'xf' && inCellXfs) formatIds.push(Number(tag.attributes.numFmtId ?? 0));
      },
      close: (tag) => {
        if (local(tag.name) === 'cellXfs') inCellXfs = false;
      },
    });
    this.dateStyles = formatIds.map((id) => {
      const custom = customFormats.get(id);
      return custom !== undefined ? isDateFormat(custom) : builtInDateFormats.has(id);
    });
  }

  /**
   * The sheet's rows with at least one value, in order. Refuses at the first row past
   * `limits.rowsMax` (or past `sheetRowElementsMax` rows of any kind) and at the first row with a
   * value beyond column `fileColumnsMax`, without reading further.
   */
  async rows(sheet: XlsxSheet, limits: SheetLimits): Promise<XlsxRow[]> {
    const rows: XlsxRow[] = [];
    let rowElements = 0;
    let line = 0;
    let cells: XlsxCell[] = [];
    let column = 0;
    let type = 'n';
    let style = 0;
    let value: string[] | null = null;
    let inValue = false;
    let inInline = false;
    let done = false;

    const cellValue = (raw: string): XlsxCell => {
      switch (type) {
        case 's': {
          const text = this.sharedStrings[Number(raw)];
          if (text === undefined)
            throw unreadable(`cell ${sheet.name}!${line}:${column} names a text that is not there`);
          return text;
        }
        case 'str':
        case 'inlineStr':
          return raw;
        case 'b':
          return raw === '1' || raw === 'true';
        case 'e':
          return raw;
        case 'd': {
          const date = new Date(raw);
          return Number.isNaN(date.getTime()) ? raw : date;
        }
        default: {
          if (raw.trim() === '') return null;
          const number = Number(raw);
          if (!Number.isFinite(number)) return raw;
          if (this.dateStyles[style]) {
            return new Date(Math.round((number - 25569 + (this.date1904 ? 1462 : 0)) * 86_400_000));
          }
          return number;
        }
      }
    };

    await parsePart(
      this.zip,
      sheet.part,
      {
        open: (tag) => {
          switch (local(tag.name)) {
            case 'row': {
              rowElements += 1;
              if (rowElements > sheetRowElementsMax) {
                done = true;
                throw new AppError(
                  'PAYLOAD_TOO_LARGE',
                  `The sheet ${sheet.name} has more than ${sheetRowElementsMax} rows (the limit is ${sheetRowElementsMax}).`,
                );
              }
              const number = Number(tag.attributes.r);
              line = Number.isInteger(number) && number > line ? number : line + 1;
              cells = [];
              column = 0;
              break;
            }
            case 'c': {
              column = columnOf(tag.attributes.r) ?? column + 1;
              type = tag.attributes.t ?? 'n';
              style = Number(tag.attributes.s ?? 0);
              value = null;
              break;
            }
            case 'v':
              inValue = !tag.isSelfClosing;
              value = [];
              break;
            case 'is':
              inInline = true;
              value = [];
              break;
            case 't':
              if (inInline) inValue = !tag.isSelfClosing;
              break;
            case 'rPh':
              if (inInline) inValue = false;
              break;
          }
        },
        close: (tag) => {
          switch (local(tag.name)) {
            case 'v':
              inValue = false;
              break;
            case 't':
              if (inInline) inValue = false;
              break;
            case 'is':
              inInline = false;
              break;
            case 'c': {
              const cell = value === null ? null : cellValue(value.join(''));
              if (cell !== null) {
                if (column > fileColumnsMax) {
                  done = true;
                  throw new AppError(
                    'INVALID_FILE',
                    `Row ${line} of the sheet ${sheet.name} has a value in column ${column}; a file may have at most ${fileColumnsMax} columns.`,
                  );
                }
                while (cells.length < column - 1) cells.push(null);
                cells[column - 1] = cell;
              }
              value = null;
              break;
            }
            case 'row': {
              if (cells.length > 0) {
                if (rows.length >= limits.rowsMax) {
                  done = true;
                  throw limits.tooManyRows(sheet.name, line);
                }
                rows.push({ line, cells });
              }
              break;
            }
          }
        },
        text: (text) => {
          if (inValue && value) value.push(text);
        },
      },
      () => done,
    );
    return rows;
  }
}
