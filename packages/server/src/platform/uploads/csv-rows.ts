import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError } from '@lm/domain';
import { parse } from 'csv-parse';
import { fileColumnsMax } from './upload-limits';

/**
 * A CSV file's records read as a stream: the text is handed to the parser in slices of 4 KB with
 * a turn of the event loop between them, so other requests are served while a large file is read,
 * and reading stops at the first record past the caller's cap (or past `fileColumnsMax` columns)
 * without parsing the rest. The byte cap is the upload's own limit, checked as it arrives.
 * UTF-8 (with or without a BOM) or Windows-1252; a CsvError from the parser is thrown as it is, so
 * each reader words it for its own file.
 */
export interface CsvRecord {
  /** The line the record ends on, from 1. */
  line: number;
  record: string[];
}

export interface CsvLimits {
  rowsMax: number;
  /** The refusal for a file with more records than `rowsMax` (called at record `rowsMax + 1`). */
  tooManyRows: (line: number) => AppError;
}

const sliceLength = 4_096;
/** Records taken from the parser between two turns of the event loop. */
const recordsPerTurn = 256;

export function decodeCsvText(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    // spreadsheet programs on Windows save CSV as Windows-1252
    return new TextDecoder('windows-1252').decode(content);
  }
}

export async function readCsvRecords(content: Buffer, limits: CsvLimits): Promise<CsvRecord[]> {
  const text = decodeCsvText(content);
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  });
  const feed = (async () => {
    for (let offset = 0; offset < text.length && !parser.destroyed; offset += sliceLength) {
      if (!parser.write(text.slice(offset, offset + sliceLength))) {
        await new Promise<void>((resolve) => {
          const go = () => {
            parser.off('drain', go);
            parser.off('close', go);
            resolve();
          };
          parser.on('drain', go);
          parser.on('close', go);
        });
      }
      await nextTurn();
    }
    if (!parser.destroyed) parser.end();
  })();
  const records: CsvRecord[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (records.length >= limits.rowsMax) throw limits.tooManyRows(info.lines);
      const lastValue = record.findLastIndex((value) => value !== '');
      if (lastValue + 1 > fileColumnsMax) {
        throw new AppError(
          'INVALID_FILE',
          `Line ${info.lines} has a value in column ${lastValue + 1}; a file may have at most ${fileColumnsMax} columns.`,
        );
      }
      records.push({ line: info.lines, record });
      // the parser's buffered records are read through promises, which never let other work in
      if (records.length % recordsPerTurn === 0) await nextTurn();
    }
  } finally {
    parser.destroy();
    await feed.catch(() => undefined);
  }
  return records;
}
