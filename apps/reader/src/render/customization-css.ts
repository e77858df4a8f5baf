// A site's colours and font as a stylesheet of its own (CSP `style-src 'self'`: no inline style),
// served at a path holding a hash of its text, so a change is a new URL and the old one can be
// cached for good. Only values `readCustomization` accepted reach here: colours matching the
// official pattern, fonts from the official lists (self-hosted faces, see fonts.ts).
import { createHash } from 'node:crypto';
import type { ReaderCustomization } from '../sites/customization';
import { codeThemeVars } from './code-themes';
import { loadFont } from './fonts';

/** Backgrounds and text of the built-in palette (palette.ts), against which contrast is kept. */
const SURFACE = { light: { bg: '#ffffff', fg: '#1d2330' }, dark: { bg: '#12151b', fg: '#e6e9ef' } };
const TEXT_CONTRAST = 4.5;

export const CUSTOM_CSS_SEGMENT = /^~customization\.([A-Za-z0-9_-]{16})\.css$/;

/** The stylesheet of a customization, or '' when it changes nothing the built-in one sets. */
export function customizationCss(custom: ReaderCustomization): string {
  const mode = (name: 'light' | 'dark'): string => {
    const vars: string[] = [];
    if (custom.primary) vars.push(`--accent:${readable(custom.primary[name], SURFACE[name].bg, name)}`);
    // A tint colours the header and sidebar only when the page's text stays readable on it.
    if (custom.tint && contrast(custom.tint[name], SURFACE[name].fg) >= TEXT_CONTRAST) vars.push(`--tint:${custom.tint[name]}`);
    const code = custom.codeTheme ? codeThemeVars(custom.codeTheme[name], name, readable, isDark) : '';
    if (code) vars.push(code);
    return vars.join(';');
  };
  const light = mode('light');
  const dark = mode('dark');
  const rules: string[] = [];
  if (light) rules.push(`:root{${light}}`);
  if (dark) rules.push(`[data-theme=dark]{${dark}}@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${dark}}}`);
  if (custom.tint) rules.push('header.top{background:var(--tint,transparent)}');
  rules.push(...fontRules(custom));
  // A dismissed banner stays hidden before the first paint: theme-boot copies the stored key to <html>.
  if (custom.announcement && custom.announcement.style !== 'danger')
    rules.push(`html[data-dismissed="${announcementKey(custom.announcement)}"] .announcement{display:none}`);
  return rules.join('\n');
  return rules.join('\n');
}

/** The self-hosted faces of the body, heading and code fonts, and where each applies. */
function fontRules(custom: ReaderCustomization): string[] {
  const body = custom.font ? loadFont(custom.font) : null;
  const heading = custom.headingFont && custom.headingFont !== custom.font ? loadFont(custom.headingFont) : null;
  const code = custom.monospaceFont ? loadFont(custom.monospaceFont) : null;
  const rules: string[] = [];
  for (const font of [body, heading, code]) if (font) rules.push(font.faces);
  if (body) rules.push(`body{font-family:${body.stack}}`);
  if (heading) rules.push(`h1,h2,h3,h4,h5,h6{font-family:${heading.stack}}`);
  if (code) rules.push(`code,pre,kbd,samp{font-family:${code.stack}}`);
  return rules;
}

/** `~customization.<hash>.css`, or undefined when the customization needs no stylesheet. */
export function customizationCssSegment(custom: ReaderCustomization): string | undefined {
  const css = customizationCss(custom);
  return css ? `~customization.${hashOf(css)}.css` : undefined;
}

/** Names one banner message (a new message shows again after a dismissal): base64url, safe in CSS and HTML. */
export const announcementKey = (announcement: { message: string }): string => hashOf(announcement.message);

const isDark = (color: string): boolean => luminance(color) < 0.18;

export const hashOf = (css: string): string => createHash('sha256').update(css).digest('base64url').slice(0, 16);

/**
 * The colour, darkened (light mode) or lightened (dark mode) just enough to reach 4.5:1 against
 * the background: a brand colour too pale for text still colours links, readably.
 */
export function readable(color: string, background: string, mode: 'light' | 'dark'): string {
  let rgb = parse(color);
  const toward = mode === 'light' ? 0 : 255;
  for (let step = 0; step < 20 && contrast(format(rgb), background) < TEXT_CONTRAST; step++) {
    rgb = rgb.map((c) => Math.round(c + (toward - c) * 0.1)) as [number, number, number];
  }
  return format(rgb);
}

function parse(color: string): [number, number, number] {
  const hex = color.slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const format = (rgb: number[]): string => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

function luminance(color: string): number {
  const [r, g, b] = parse(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
