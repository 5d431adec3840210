/**
 * Table cells written straight into a pdfkit page's content stream, for statements of many
 * thousands of rows. pdfkit's `text()` builds a line wrapper, measures and kerns every call and
 * saves and restores the graphics state around each; a table row of ten cells does that ten
 * times. Here the widths and kerning of pdfkit's own standard (AFM) fonts are looked up once per
 * character and pair, a cell too wide is cut with an ellipsis, and a whole row is one run of text
 * operators: the same glyphs, positions and kerning pdfkit would write, at a fraction of the cost.
 *
 * Only pdfkit's standard fonts (Helvetica and its faces) are supported: their text is WinAnsi,
 * one byte per character.
 */

/** pdfkit's standard font as it is at run time (not in its type declarations). */
interface StandardFont {
  id: string;
  ascender: number;
  ref(): unknown;
  font: {
    encodeText(text: string): string[];
    characterToGlyph(code: number): string;
    widthOfGlyph(glyph: string): number;
    getKernPair(left: string, right: string): number;
  };
}

interface Glyph {
  /** The character in a PDF literal string, as bytes: itself, escaped, or its WinAnsi code in octal. */
  literal: Uint8Array;
  name: string;
  width: number;
}

const ellipsis = '\u2026';

/** A PDF number as pdfkit writes it: at most two decimal places. */
export function pdfNumber(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/**
 * Operators written as latin1 bytes into one reused buffer: a statement's table writes a line of
 * operators per row, and building each as a string a character at a time left hundreds of
 * megabytes of garbage behind for a 100,000-row statement.
 */
export class OperatorBytes {
  private bytes = Buffer.allocUnsafe(1024);
  private length = 0;

  private room(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.length + more));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  /** Text of latin1 characters (operators, names). */
  text(text: string): this {
    this.room(text.length);
    this.length += this.bytes.write(text, this.length, 'latin1');
    return this;
  }

  raw(bytes: Uint8Array): this {
    this.room(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
    return this;
  }

  /** A number as pdfNumber writes it, without making its text. */
  number(n: number): this {
    let hundredths = Math.round(n * 100);
    this.room(24);
    if (hundredths < 0) {
      this.bytes[this.length++] = 45; // -
      hundredths = -hundredths;
    }
    if (!Number.isSafeInteger(hundredths)) return this.text(pdfNumber(hundredths / 100));
    const whole = Math.floor(hundredths / 100);
    const fraction = hundredths % 100;
    this.digits(whole);
    if (fraction !== 0) {
      this.bytes[this.length++] = 46; // .
      this.bytes[this.length++] = 48 + Math.floor(fraction / 10);
      if (fraction % 10 !== 0) this.bytes[this.length++] = 48 + (fraction % 10);
    }
    return this;
  }

  private digits(whole: number): void {
    let width = 1;
    for (let rest = whole; rest >= 10; rest = Math.floor(rest / 10)) width++;
    for (let i = width - 1, rest = whole; i >= 0; i--, rest = Math.floor(rest / 10)) {
      this.bytes[this.length + i] = 48 + (rest % 10);
    }
    this.length += width;
  }

  /** The bytes written since the last take, as a buffer of their own; the writer starts again. */
  take(): Buffer {
    const out = Buffer.allocUnsafe(this.length);
    this.bytes.copy(out, 0, 0, this.length);
    this.length = 0;
    return out;
  }
}

export class CellFont {
  readonly id: string;
  private readonly glyphs = new Map<number, Glyph>();
  private readonly kerns = new Map<number, number>();

  constructor(
    private readonly font: StandardFont,
    readonly size: number,
  ) {
    this.id = font.id;
  }

  /** The font of a document after `doc.font(name)`; pdfkit keeps it on a private field. */
  static current(doc: PDFKit.PDFDocument, size: number): CellFont {
    const font = (doc as unknown as { _font?: StandardFont })._font;
    if (!font?.font || typeof font.font.getKernPair !== 'function') {
      throw new Error('CellFont needs one of pdfkit\u2019s standard fonts');
    }
    return new CellFont(font, size);
  }

  /** Makes the font usable on the document's current page (pdfkit does this on its first text there). */
  useOn(doc: PDFKit.PDFDocument): void {
    const fonts = (doc.page as unknown as { fonts: Record<string, unknown> }).fonts;
    if (fonts[this.id] == null) fonts[this.id] = this.font.ref();
  }

  get reference(): unknown {
    return this.font.ref();
  }

  /** The distance from the top of a line to its baseline, in points. */
  get ascent(): number {
    return (this.font.ascender / 1000) * this.size;
  }

  private glyph(code: number): Glyph {
    let glyph = this.glyphs.get(code);
    if (!glyph) {
      const name = this.font.font.characterToGlyph(code);
      const byte = Number.parseInt(this.font.font.encodeText(String.fromCharCode(code))[0] ?? '3f', 16);
      const char = String.fromCharCode(byte);
      const literal =
        byte < 32 || byte > 126 ? `\\${byte.toString(8).padStart(3, '0')}` : '\\()'.includes(char) ? `\\${char}` : char;
      glyph = { literal: Buffer.from(literal, 'latin1'), name, width: this.font.font.widthOfGlyph(name) };
      this.glyphs.set(code, glyph);
    }
    return glyph;
  }

  private kern(left: number, right: number): number {
    const key = left * 65536 + right;
    let kern = this.kerns.get(key);
    if (kern === undefined) {
      kern = this.font.font.getKernPair(this.glyph(left).name, this.glyph(right).name);
      this.kerns.set(key, kern);
    }
    return kern;
  }

  /** The width of a text in points, kerned. */
  widthOf(text: string): number {
    let units = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      units += this.glyph(code).width;
      if (i + 1 < text.length) units += this.kern(code, text.charCodeAt(i + 1));
    }
    return (units * this.size) / 1000;
  }

  /** The text, cut with an ellipsis when it is wider than `width` points; and its width. */
  fit(text: string, width: number): { text: string; width: number } {
    const full = this.widthOf(text);
    if (full <= width) return { text, width: full };
    let end = text.length;
    while (end > 0) {
      end--;
      const cut = `${text.slice(0, end).trimEnd()}${ellipsis}`;
      const w = this.widthOf(cut);
      if (w <= width) return { text: cut, width: w };
    }
    return { text: '', width: 0 };
  }

  /** The operator showing a text: `Tj`, or `TJ` with pdfkit's kerning adjustments where a pair has one. */
  show(text: string): string {
    return this.writeShow(new OperatorBytes(), text).take().toString('latin1');
  }

  /** `show`, written into `out`. */
  writeShow(out: OperatorBytes, text: string): OperatorBytes {
    let kerned = false;
    for (let i = 0; i + 1 < text.length && !kerned; i++) {
      kerned = this.kern(text.charCodeAt(i), text.charCodeAt(i + 1)) !== 0;
    }
    out.text(kerned ? '[(' : '(');
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      out.raw(this.glyph(code).literal);
      const kern = i + 1 < text.length ? this.kern(code, text.charCodeAt(i + 1)) : 0;
      if (kern !== 0) out.text(') ').number(-kern).text(' (');
    }
    return out.text(kerned ? ')] TJ' : ') Tj');
  }
}

export interface CellPlacement {
  /** Left edge of the cell's text box and its width, in points. */
  x: number;
  width: number;
  align: 'left' | 'right';
}

/**
 * The text operators that write one line of cells whose text box tops are at `top` (pdfkit's
 * top-left coordinates), empty cells skipped: the first placed with `Td` from the page's origin,
 * each next one `Td` from the one before. As bytes, ready for `doc.addContent` (which would
 * otherwise convert a string character by character).
 */
export function cellLine(
  pageHeight: number,
  font: CellFont,
  top: number,
  cells: readonly CellPlacement[],
  texts: readonly string[],
): Buffer {
  const baseline = pageHeight - top - font.ascent;
  const out = lineBytes;
  out.text('q 1 0 0 -1 0 ').number(pageHeight).text(` cm BT /${font.id} `).number(font.size).text(' Tf');
  let lastX: number | undefined;
  for (let i = 0; i < cells.length; i++) {
    const text = texts[i];
    const cell = cells[i];
    if (!text || !cell) continue;
    const fitted = font.fit(text, cell.width);
    if (fitted.text === '') continue;
    const x = Math.round((cell.align === 'right' ? cell.x + cell.width - fitted.width : cell.x) * 100) / 100;
    if (lastX === undefined) out.text(' ').number(x).text(' ').number(baseline).text(' Td ');
    else
      out
        .text(' ')
        .number(x - lastX)
        .text(' 0 Td ');
    font.writeShow(out, fitted.text);
    lastX = x;
  }
  return out.text(' ET Q\n').take();
}

/** One writer for every line: a line is taken out whole before the next begins. */
const lineBytes = new OperatorBytes();
