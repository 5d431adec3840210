import { invalidQuery, quoteToken } from './errors';

/**
 * The $filter language (DESIGN §5): a lexer and a recursive-descent parser that turn the text
 * into a syntax tree. It knows nothing of resources; the translator binds names to a resource's
 * whitelist and literals to field types. Positions in messages count characters from 0.
 *
 *   filter   := or
 *   or       := and ('or' and)*
 *   and      := unary ('and' unary)*
 *   unary    := 'not' unary | primary                 (so: not > and > or)
 *   primary  := '(' or ')'
 *             | textFunction '(' path ',' string ')' [('eq' | 'ne') boolean]
 *             | operand ('eq'|'ne'|'gt'|'ge'|'lt'|'le') operand
 *             | path 'in' '(' literal (',' literal)* ')'
 *             | path                                  (a boolean field on its own)
 *   operand  := path | literal
 *   path     := name ('/' name)*                     (relation/.../field)
 *   literal  := 'string' ('' escapes a quote) | number | date | date-time | true | false | null
 *
 * Keywords and function names are matched without regard to case; field names exactly.
 */

export const filterCharsMax = 4000;
export const filterDepthMax = 20;
export const inValuesMax = 100;

export type ComparisonOperator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type TextFunction = 'contains' | 'startswith' | 'endswith';

const comparisonOperators: readonly string[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];
const textFunctions: readonly string[] = ['contains', 'startswith', 'endswith'];
const reservedWords: readonly string[] = ['and', 'or', 'not', 'in', ...comparisonOperators];

export interface FieldPath {
  kind: 'field';
  path: string[];
  source: string;
  position: number;
}

interface LiteralBase {
  source: string;
  position: number;
}
export type StringLiteral = LiteralBase & { kind: 'string'; value: string };
/** Numbers keep their exact decimal text; they are never JavaScript floating point. */
export type Literal =
  | StringLiteral
  | (LiteralBase & { kind: 'number' })
  | (LiteralBase & { kind: 'date' })
  | (LiteralBase & { kind: 'datetime' })
  | (LiteralBase & { kind: 'boolean'; value: boolean })
  | (LiteralBase & { kind: 'null' });

export type FilterExpression =
  | { kind: 'and'; operands: FilterExpression[] }
  | { kind: 'or'; operands: FilterExpression[] }
  | { kind: 'not'; operand: FilterExpression }
  | {
      kind: 'compare';
      operator: ComparisonOperator;
      operatorSource: string;
      position: number;
      field: FieldPath;
      value: Literal;
    }
  | { kind: 'in'; field: FieldPath; values: Literal[] }
  | { kind: 'text'; function: TextFunction; field: FieldPath; value: StringLiteral }
  | { kind: 'isTrue'; field: FieldPath };

// ---- literals -------------------------------------------------------------------------------

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const numberPattern = /^-?\d+(?:\.\d+)?$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}

/** A real calendar date written YYYY-MM-DD (year 0001 to 9999). */
export function isValidDate(text: string): boolean {
  const m = datePattern.exec(text);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** An ISO 8601 instant with its offset or Z, e.g. 2027-03-05T10:00:00+11:00 or 2027-03-04T23:00Z. */
export function isValidDateTime(text: string): boolean {
  const m = dateTimePattern.exec(text);
  if (m === null || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return false;
  if (m[8] !== undefined && (Number(m[8]) > 14 || Number(m[9]) > 59)) return false;
  return true;
}

// ---- lexer ----------------------------------------------------------------------------------

type TokenKind = 'lparen' | 'rparen' | 'comma' | 'word' | 'string' | 'number' | 'date' | 'datetime' | 'end';

interface Token {
  kind: TokenKind;
  source: string;
  position: number;
  /** The unescaped text of a string literal. */
  value?: string;
}

const wordPattern = /[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*/y;
// a run that starts like a number: numbers, dates and date-times (checked once cut out)
const literalRunPattern = /-?[0-9][0-9A-Za-z_.:+-]*/y;

/** How a character is named in a message: itself, or its code point when it is invisible. */
export function describeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return quoteToken(character);
}

/** Refuses the one character PostgreSQL text cannot hold (and that no query needs). */
export function refuseNulCharacter(text: string, option: string): void {
  const at = text.indexOf('\u0000');
  if (at >= 0) throw invalidQuery(`Character U+0000 at position ${at} is not allowed in ${option}`);
}

function tokenize(text: string, option: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: c === '(' ? 'lparen' : c === ')' ? 'rparen' : 'comma', source: c, position: i });
      i++;
      continue;
    }
    if (c === "'") {
      let j = i + 1;
      let value = '';
      for (;;) {
        if (j >= text.length) {
          throw invalidQuery(
            `Unterminated string ${quoteToken(text.slice(i))} at position ${i} in ${option}: close it with '`,
          );
        }
        if (text[j] === "'") {
          if (text[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          j++;
          break;
        }
        value += text[j];
        j++;
      }
      tokens.push({ kind: 'string', source: text.slice(i, j), position: i, value });
      i = j;
      continue;
    }
    wordPattern.lastIndex = i;
    const word = wordPattern.exec(text);
    if (word) {
      tokens.push({ kind: 'word', source: word[0], position: i });
      i += word[0].length;
      continue;
    }
    literalRunPattern.lastIndex = i;
    const run = literalRunPattern.exec(text);
    if (run) {
      tokens.push(classifyLiteralRun(run[0], i, option));
      i += run[0].length;
      continue;
    }
    const character = String.fromCodePoint(text.codePointAt(i) ?? 0);
    if (character === '\u0000') refuseNulCharacter(text, option);
    throw invalidQuery(`Unexpected character ${describeCharacter(character)} at position ${i} in ${option}`);
  }
  tokens.push({ kind: 'end', source: '', position: text.length });
  return tokens;
}

function classifyLiteralRun(source: string, position: number, option: string): Token {
  if (dateTimePattern.test(source)) {
    if (!isValidDateTime(source))
      throw invalidQuery(`Invalid date-time ${quoteToken(source)} at position ${position} in ${option}`);
    return { kind: 'datetime', source, position };
  }
  if (datePattern.test(source)) {
    if (!isValidDate(source))
      throw invalidQuery(`Invalid date ${quoteToken(source)} at position ${position} in ${option}`);
    return { kind: 'date', source, position };
  }
  if (numberPattern.test(source)) return { kind: 'number', source, position };
  throw invalidQuery(`Invalid value ${quoteToken(source)} at position ${position} in ${option}`);
}

// ---- parser ---------------------------------------------------------------------------------

class FilterParser {
  private index = 0;
  private depth = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly option: string,
  ) {}

  parse(): FilterExpression {
    const expression = this.parseOr();
    const rest = this.peek();
    if (rest.kind !== 'end') throw this.unexpected(rest);
    return expression;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index++;
    return token;
  }

  private isKeyword(token: Token, ...keywords: string[]): boolean {
    return token.kind === 'word' && keywords.includes(token.source.toLowerCase());
  }

  private unexpected(token: Token): Error {
    if (token.kind === 'end') {
      const previous = this.tokens[this.tokens.length - 2];
      return invalidQuery(
        previous ? `Unexpected end of ${this.option} after ${quoteToken(previous.source)}` : `${this.option} is empty`,
      );
    }
    return invalidQuery(`Unexpected token ${quoteToken(token.source)} at position ${token.position} in ${this.option}`);
  }

  private expect(kind: TokenKind): Token {
    const token = this.next();
    if (token.kind !== kind) throw this.unexpected(token);
    return token;
  }

  /** Each parenthesis and each 'not' is one level; the limit keeps the recursion shallow. */
  private enter(token: Token): void {
    this.depth++;
    if (this.depth > filterDepthMax) {
      throw invalidQuery(
        `${this.option} nests deeper than ${filterDepthMax} levels at ${quoteToken(token.source)} (position ${token.position})`,
      );
    }
  }

  private leave(): void {
    this.depth--;
  }

  private parseOr(): FilterExpression {
    const operands = [this.parseAnd()];
    while (this.isKeyword(this.peek(), 'or')) {
      this.next();
      operands.push(this.parseAnd());
    }
    return operands.length === 1 ? (operands[0] as FilterExpression) : { kind: 'or', operands };
  }

  private parseAnd(): FilterExpression {
    const operands = [this.parseUnary()];
    while (this.isKeyword(this.peek(), 'and')) {
      this.next();
      operands.push(this.parseUnary());
    }
    return operands.length === 1 ? (operands[0] as FilterExpression) : { kind: 'and', operands };
  }

  private parseUnary(): FilterExpression {
    const token = this.peek();
    if (this.isKeyword(token, 'not')) {
      this.next();
      this.enter(token);
      const operand = this.parseUnary();
      this.leave();
      return { kind: 'not', operand };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): FilterExpression {
    const token = this.peek();
    if (token.kind === 'lparen') {
      this.next();
      this.enter(token);
      const inner = this.parseOr();
      this.expect('rparen');
      this.leave();
      return inner;
    }
    if (token.kind === 'word' && this.peek(1).kind === 'lparen') return this.parseFunction();

    const left = this.parseOperand();
    const following = this.peek();
    if (this.isKeyword(following, 'in')) {
      this.next();
      if (left.kind !== 'field') throw this.unexpected(following);
      return this.parseInList(left);
    }
    if (this.isKeyword(following, ...comparisonOperators)) {
      this.next();
      const right = this.parseOperand();
      return this.comparison(left, following, right);
    }
    if (left.kind === 'field') return { kind: 'isTrue', field: left };
    throw this.unexpected(following);
  }

  private parseOperand(): FieldPath | Literal {
    const token = this.next();
    const { source, position } = token;
    switch (token.kind) {
      case 'string':
        return { kind: 'string', value: token.value ?? '', source, position };
      case 'number':
        return { kind: 'number', source, position };
      case 'date':
        return { kind: 'date', source, position };
      case 'datetime':
        return { kind: 'datetime', source, position };
      case 'word': {
        const lower = source.toLowerCase();
        if (lower === 'null') return { kind: 'null', source, position };
        if (lower === 'true' || lower === 'false')
          return { kind: 'boolean', value: lower === 'true', source, position };
        if (reservedWords.includes(lower)) throw this.unexpected(token);
        return { kind: 'field', path: source.split('/'), source, position };
      }
      default:
        throw this.unexpected(token);
    }
  }

  private comparison(left: FieldPath | Literal, operatorToken: Token, right: FieldPath | Literal): FilterExpression {
    const operator = operatorToken.source.toLowerCase() as ComparisonOperator;
    const at = operatorToken.position;
    if (left.kind === 'field' && right.kind === 'field') {
      throw invalidQuery(
        `Comparing field ${quoteToken(left.source)} with field ${quoteToken(right.source)} at position ${at} in ${this.option} is not supported: compare a field with a value`,
      );
    }
    if (left.kind === 'field' && right.kind !== 'field') {
      return {
        kind: 'compare',
        operator,
        operatorSource: operatorToken.source,
        position: at,
        field: left,
        value: right,
      };
    }
    if (right.kind === 'field' && left.kind !== 'field') {
      // a value on the left: 5 lt id reads as id gt 5
      const flipped: Record<ComparisonOperator, ComparisonOperator> = {
        eq: 'eq',
        ne: 'ne',
        gt: 'lt',
        ge: 'le',
        lt: 'gt',
        le: 'ge',
      };
      return {
        kind: 'compare',
        operator: flipped[operator],
        operatorSource: operatorToken.source,
        position: at,
        field: right,
        value: left,
      };
    }
    throw invalidQuery(
      `The comparison at position ${at} in ${this.option} needs a field on one side, not only ${quoteToken(left.source)} and ${quoteToken(right.source)}`,
    );
  }

  private parseInList(field: FieldPath): FilterExpression {
    this.expect('lparen');
    const values: Literal[] = [];
    for (;;) {
      const operand = this.parseOperand();
      if (operand.kind === 'field') {
        throw invalidQuery(
          `Expected a value in the list of ${quoteToken(field.source)} in ${this.option}, not the field ${quoteToken(operand.source)} (position ${operand.position})`,
        );
      }
      values.push(operand);
      if (values.length > inValuesMax) {
        throw invalidQuery(
          `More than ${inValuesMax} values in the list of ${quoteToken(field.source)} at position ${field.position} in ${this.option}`,
        );
      }
      const separator = this.next();
      if (separator.kind === 'rparen') break;
      if (separator.kind !== 'comma') throw this.unexpected(separator);
    }
    return { kind: 'in', field, values };
  }

  private parseFunction(): FilterExpression {
    const nameToken = this.next();
    const name = nameToken.source.toLowerCase();
    if (!textFunctions.includes(name)) {
      throw invalidQuery(
        `Unknown function ${quoteToken(nameToken.source)} at position ${nameToken.position} in ${this.option} (use contains, startswith or endswith)`,
      );
    }
    this.expect('lparen');
    const field = this.parseOperand();
    if (field.kind !== 'field') {
      throw invalidQuery(
        `The first argument of ${name} at position ${nameToken.position} in ${this.option} must be a field, not ${quoteToken(field.source)}`,
      );
    }
    this.expect('comma');
    const value = this.parseOperand();
    if (value.kind !== 'string') {
      throw invalidQuery(
        `The second argument of ${name} at position ${nameToken.position} in ${this.option} must be a quoted string, not ${quoteToken(value.source)}`,
      );
    }
    this.expect('rparen');
    const call: FilterExpression = { kind: 'text', function: name as TextFunction, field, value };
    // contains(name,'x') eq true / eq false / ne true / ne false
    const following = this.peek();
    if (!this.isKeyword(following, 'eq', 'ne')) return call;
    this.next();
    const flag = this.next();
    const lower = flag.source.toLowerCase();
    if (flag.kind !== 'word' || (lower !== 'true' && lower !== 'false')) throw this.unexpected(flag);
    const wanted = (following.source.toLowerCase() === 'eq') === (lower === 'true');
    return wanted ? call : { kind: 'not', operand: call };
  }
}

/** Parses $filter text into a syntax tree; a bad token is an INVALID_QUERY naming it. */
export function parseFilter(text: string, option = '$filter'): FilterExpression {
  if (text.length > filterCharsMax) {
    throw invalidQuery(`${option} is too long (${text.length} characters; at most ${filterCharsMax})`);
  }
  refuseNulCharacter(text, option);
  return new FilterParser(tokenize(text, option), option).parse();
}
