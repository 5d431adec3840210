import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('code that loads on use', () => {
  // React.lazy suspends, and React shows what replaces a Suspense fallback no sooner than 300 ms
  // after the fallback appeared: a dialog or screen behind it waits out that time (on-demand.tsx)
  it('goes through onDemand, never React.lazy', () => {
    const offenders = sourceFiles(srcDir).filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return /import\s*\{[^}]*\blazy\b[^}]*\}\s*from\s*'react'/.test(text) || /\bReact\.lazy\(/.test(text);
    });
    expect(offenders.map((file) => path.relative(srcDir, file))).toEqual([]);
  });
});
