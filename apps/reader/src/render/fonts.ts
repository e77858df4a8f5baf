// The official customization fonts (`CustomizationDefaultFont`, `CustomizationDefaultMonospaceFont`),
// self-hosted: each comes from its Fontsource package, installed with the reader, and is served
// from the reader's own `/_reader/fonts/` route, so a page makes no third-party request. The
// package's own `@font-face` rules are kept (every subset with its `unicode-range`, so a browser
// fetches only the subsets a page uses, and `font-display: swap`), with only the woff2 sources,
// pointing at that route. Nothing here comes from settings: a font is one of the names below.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

type Fallback = 'sans' | 'serif' | 'mono';

interface FontPackage {
  /** The npm package. */
  pkg: string;
  /** Its stylesheets holding the faces used (a variable font: one; a static one: regular and bold). */
  css: string[];
  /** The family its faces are declared under. */
  family: string;
  fallback: Fallback;
}

const variable = (name: string, family: string, fallback: Fallback = 'sans'): FontPackage => ({
  pkg: `@fontsource-variable/${name}`,
  css: ['index.css'],
  family: `${family} Variable`,
  fallback,
});
const weights = (name: string, family: string, fallback: Fallback = 'sans', bold = '700'): FontPackage => ({
  pkg: `@fontsource/${name}`,
  css: ['400.css', `${bold}.css`],
  family,
  fallback,
});

/** Official name → package. `ABCFavorit` is a commercial face no package ships: the system font stands in. */
export const OFFICIAL_FONTS: Readonly<Record<string, FontPackage>> = {
  Inter: variable('inter', 'Inter'),
  Roboto: variable('roboto', 'Roboto'),
  RobotoSlab: variable('roboto-slab', 'Roboto Slab', 'serif'),
  OpenSans: variable('open-sans', 'Open Sans'),
  // Source Sans Pro was renamed Source Sans 3 by its foundry; same design.
  SourceSansPro: variable('source-sans-3', 'Source Sans 3'),
  Lato: weights('lato', 'Lato'),
  Ubuntu: weights('ubuntu', 'Ubuntu'),
  Raleway: variable('raleway', 'Raleway'),
  Merriweather: variable('merriweather', 'Merriweather', 'serif'),
  Overpass: variable('overpass', 'Overpass'),
  NotoSans: variable('noto-sans', 'Noto Sans'),
  IBMPlexSerif: weights('ibm-plex-serif', 'IBM Plex Serif', 'serif'),
  Poppins: weights('poppins', 'Poppins'),
  FiraSans: weights('fira-sans', 'Fira Sans'),
};

export const OFFICIAL_MONOSPACE_FONTS: Readonly<Record<string, FontPackage>> = {
  FiraCode: variable('fira-code', 'Fira Code', 'mono'),
  IBMPlexMono: weights('ibm-plex-mono', 'IBM Plex Mono', 'mono'),
  JetBrainsMono: variable('jetbrains-mono', 'JetBrains Mono', 'mono'),
  SourceCodePro: variable('source-code-pro', 'Source Code Pro', 'mono'),
  RobotoMono: variable('roboto-mono', 'Roboto Mono', 'mono'),
  SpaceMono: weights('space-mono', 'Space Mono', 'mono'),
  DMMono: weights('dm-mono', 'DM Mono', 'mono', '500'),
  Inconsolata: variable('inconsolata', 'Inconsolata', 'mono'),
};

const FALLBACKS: Record<Fallback, string> = {
  sans: 'system-ui,-apple-system,"Segoe UI",sans-serif',
  serif: 'Georgia,"Times New Roman",serif',
  mono: 'ui-monospace,SFMono-Regular,Menlo,monospace',
};

export const FONT_ROUTE = '/_reader/fonts/';

export interface LoadedFont {
  /** `@font-face` rules, sources rewritten to FONT_ROUTE. */
  faces: string;
  /** A `font-family` value: the face, then the system's. */
  stack: string;
}

/** Route segment (package and version) → font files it may serve, by file name. */
const servable = new Map<string, Map<string, string>>();
const loaded = new Map<string, LoadedFont | null>();

/** The faces and family stack of an official font (either list), or null when its package is missing. */
export function loadFont(name: string): LoadedFont | null {
  const font = Object.hasOwn(OFFICIAL_FONTS, name)
    ? OFFICIAL_FONTS[name]
    : Object.hasOwn(OFFICIAL_MONOSPACE_FONTS, name)
      ? OFFICIAL_MONOSPACE_FONTS[name]
      : undefined;
  if (!font) return null;
  let known = loaded.get(name);
  if (known === undefined) {
    known = readFaces(font);
    loaded.set(name, known);
  }
  return known;
}

/** The file behind `/_reader/fonts/<segment>/<file>`, only a woff2 of an official font's package. */
export function fontFile(segment: string, file: string): string | undefined {
  if (!servable.has(segment))
    for (const name of [...Object.keys(OFFICIAL_FONTS), ...Object.keys(OFFICIAL_MONOSPACE_FONTS)]) {
      loadFont(name);
      if (servable.has(segment)) break;
    }
  return servable.get(segment)?.get(file);
}

/** A font whose package is missing or unreadable is left out (the system font stands in), never an error page. */
function readFaces(font: FontPackage): LoadedFont | null {
  try {
    return readPackage(font);
  } catch {
    return null;
  }
}

function readPackage(font: FontPackage): LoadedFont {
  const manifest = require.resolve(`${font.pkg}/package.json`);
  const dir = dirname(manifest);
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  // The version is in the URL: a new package is a new address, so files are cached for good.
  const segment = `${font.pkg.replace(/^@fontsource(-variable)?\//, '').replace(/[^a-z0-9-]/g, '')}${font.pkg.includes('-variable/') ? '-variable' : ''}-${version}`;
  const files = new Map<string, string>();
  const faces = font.css
    .map((css) => readFileSync(join(dir, css), 'utf8'))
    .join('\n')
    .replace(/\/\*[^*]*\*\//g, '')
    .replace(/src:[^;]*;/g, (src) => {
      const woff2 = /url\(\.\/files\/([a-z0-9-]+\.woff2)\)/.exec(src)?.[1];
      if (!woff2) return src;
      files.set(woff2, join(dir, 'files', woff2));
      return `src:url(${FONT_ROUTE}${segment}/${woff2}) format("woff2");`;
    })
    .replace(/\s*\n\s*/g, '');
  servable.set(segment, files);
  return { faces, stack: `"${font.family}",${FALLBACKS[font.fallback]}` };
}
