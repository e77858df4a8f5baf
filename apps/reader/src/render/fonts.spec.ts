import { existsSync } from 'node:fs';
import { fontFile, loadFont, OFFICIAL_FONTS, OFFICIAL_MONOSPACE_FONTS } from './fonts';

describe('self-hosted official fonts', () => {
  it('every official font has its package installed, with woff2 faces the reader serves', () => {
    for (const name of [...Object.keys(OFFICIAL_FONTS), ...Object.keys(OFFICIAL_MONOSPACE_FONTS)]) {
      const font = loadFont(name);
      expect([name, font === null]).toEqual([name, false]);
      const sources = [...font!.faces.matchAll(/url\(\/_reader\/fonts\/([^/]+)\/([^)]+)\)/g)];
      expect([name, sources.length > 0]).toEqual([name, true]);
      for (const [, segment, file] of sources) expect(existsSync(fontFile(segment, file) ?? '')).toBe(true);
      expect(font!.faces).not.toContain('./files/');
    }
  });

  it('knows no other name', () => {
    expect(loadFont('ABCFavorit')).toBeNull();
    expect(loadFont('constructor')).toBeNull();
  });
});
