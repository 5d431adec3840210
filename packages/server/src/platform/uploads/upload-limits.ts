/**
 * The limits every uploaded spreadsheet or CSV file is read within (docs/decisions/008-upload-limits.md). They are
 * checked while reading, so a hostile file is refused before it costs more than these bounds:
 * - the compressed size: the route's own byte limit (20 MB, a schedule 5 MB), checked while the
 *   upload arrives;
 * - the unpacked size of a workbook: every part's declared size and their total before anything is
 *   inflated, then the bytes actually inflated while streaming (declared sizes can lie);
 * - rows and columns: the reader stops at the first row past its cap without reading the rest;
 * - concurrency: at most `uploadsAtOnceMax` files are received and read at once per process.
 */
export const mebibyte = 1024 * 1024;

/** Bytes of an uploaded receipts file (the server-wide upload limit); a schedule has its own, smaller one. */
export const receiptFileBytesMax = 20 * mebibyte;

/**
 * Unpacked bytes of one workbook part (a full 10,000-row receipts sheet is about 3 MB), and of all
 * parts of a workbook together.
 */
export const workbookPartBytesMax = 20 * mebibyte;
export const workbookBytesMax = 50 * mebibyte;
/** Parts (files) in a workbook's zip directory. */
export const workbookPartsMax = 1000;
/** Distinct shared strings of a workbook (a full receipts file has well under 100,000). */
export const sharedStringsMax = 1_000_000;
/** Row elements of one sheet, empty ones included (rows with values have their own, smaller cap). */
export const sheetRowElementsMax = 100_000;
/** Columns with a value in one row of a spreadsheet or CSV file. */
export const fileColumnsMax = 100;
/** Uploads received and read at the same time by one server process; more are refused with 429. */
export const uploadsAtOnceMax = 2;

/** `20 MB` for 20 * 1024 * 1024 bytes: limits are named in messages the way people say them. */
export function sizeText(bytes: number): string {
  return bytes % mebibyte === 0 ? `${bytes / mebibyte} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
