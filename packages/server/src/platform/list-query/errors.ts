import { AppError } from '@lm/domain';

/** The longest piece of a client's text quoted back in a message. */
const tokenDisplayCharsMax = 40;

/**
 * Quotes a piece of the client's query for a message: a complete, non-empty string literal is
 * shown as it was written ('abc'), anything else inside single quotes (so the empty string reads
 * ''''); long pieces are cut with '...'.
 */
export function quoteToken(source: string): string {
  const cut = source.length > tokenDisplayCharsMax ? `${source.slice(0, tokenDisplayCharsMax)}...` : source;
  const isCompleteString = cut === source && source.length > 2 && source.startsWith("'") && source.endsWith("'");
  return isCompleteString ? source : `'${cut}'`;
}

/** A bad list query: HTTP 400 whose message names the bad token. */
export function invalidQuery(userMessage: string): AppError {
  return new AppError('INVALID_QUERY', userMessage);
}
