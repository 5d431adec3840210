import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLoneSurrogate, inputMessages, textInput, unsafeTextPath } from './inputs';

const loneSurrogate = fc.oneof(
  fc.integer({ min: 0xd800, max: 0xdbff }).map((c) => ({ text: String.fromCharCode(c), high: true })),
  fc.integer({ min: 0xdc00, max: 0xdfff }).map((c) => ({ text: String.fromCharCode(c), high: false })),
);

/** An oracle of its own: encodeURIComponent refuses exactly the text that is not well-formed UTF-16. */
function wellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

describe('hasLoneSurrogate', () => {
  it('finds a lone surrogate anywhere in otherwise well-formed text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), loneSurrogate, fc.string({ unit: 'grapheme' }), (a, lone, b) => {
        // a high surrogate right before a low one would be a pair: keep the neighbours plain
        const text = `${a}x${lone.text}x${b}`;
        expect(hasLoneSurrogate(text)).toBe(true);
        expect(wellFormed(text)).toBe(false);
      }),
    );
  });

  it('accepts any well-formed text, pairs (emoji) included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(hasLoneSurrogate(text)).toBe(!wellFormed(text));
      }),
    );
    expect(hasLoneSurrogate('Café 😀 Pty Ltd')).toBe(false);
  });
});

describe('unsafeTextPath', () => {
  it('names the first field holding a NUL or a lone surrogate, however deep', () => {
    expect(unsafeTextPath({ name: 'ok', notes: ['a', 'b\u0000'] })).toBe('notes.1');
    expect(unsafeTextPath([{ comment: 'x' }, { comment: '\udc00' }])).toBe('1.comment');
    expect(unsafeTextPath({ fundedDate: '2027-01-01\u0000' })).toBe('fundedDate');
    expect(unsafeTextPath('bare\u0000')).toBe('(body)');
    expect(unsafeTextPath({ 'bad\u0000key': 1 })).toBe('bad\u0000key');
    expect(unsafeTextPath({ name: 'Café 😀', n: 5, b: true, z: null })).toBeNull();
    expect(unsafeTextPath(undefined)).toBeNull();
    expect(unsafeTextPath(Buffer.from([0, 0xd8]))).toBeNull();
  });
});

describe('textInput', () => {
  it('refuses lone surrogates with the control-character message, keeps pairs', () => {
    const schema = textInput(50);
    const refused = schema.safeParse('Acme \ud800 Pty');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(inputMessages.textControlCharacters);
    expect(schema.parse(' Café 😀 ')).toBe('Café 😀');
  });
});
