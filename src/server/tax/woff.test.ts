import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { unpackWoff } from './woff';

const woff = readFileSync(createRequire(import.meta.url).resolve('@fontsource/unifontex/files/unifontex-latin-400-normal.woff'));

describe('unpackWoff', () => {
  it('gives the TrueType font the WOFF file wraps, glyph for glyph', () => {
    const packed = create(woff) as Font;
    const unpacked = create(unpackWoff(woff)) as Font;
    expect(unpacked.type).toBe('TTF');
    expect(unpacked.numGlyphs).toBe(packed.numGlyphs);
    for (const text of ['王', '😀']) {
      const [a] = packed.layout(text).glyphs;
      const [b] = unpacked.layout(text).glyphs;
      expect(b!.id, text).toBe(a!.id);
      expect(b!.path.toSVG(), text).toBe(a!.path.toSVG());
    }
  });

  it('refuses a file that is not WOFF', () => {
    expect(() => unpackWoff(Buffer.from('OTTO and more bytes'))).toThrow('Not a WOFF font');
  });
});
