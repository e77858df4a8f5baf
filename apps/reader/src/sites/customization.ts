// A site's customization (the official `SiteCustomizationSettings`) reduced to what the reader
// renders, read defensively: sites validated it against the official schema, but the reader still
// takes only values of the expected shape (a colour matching the official pattern, a font of the
// official list, a theme mode of three), so nothing from settings can become CSS or markup. URLs
// are kept as given and go through `urlAttr` where they are written.

import { CODE_THEMES } from '../render/code-themes';
import { OFFICIAL_FONTS, OFFICIAL_MONOSPACE_FONTS } from '../render/fonts';

/** A link of the header or footer: a URL, or a page of the space being read. */
export type CustomLink = { title: string } & ({ url: string } | { pageId: string });

/** A header item (`CustomizationHeaderItem`): a link, a button, or a dropdown of links (nested). */
export interface HeaderItem {
  title: string;
  style: 'link' | 'button-primary' | 'button-secondary';
  /** Where the item itself goes (absent: it only opens its dropdown). */
  to?: CustomLink;
  links: CustomLink[];
}

/** The site's banner (`CustomizationAnnouncement`), shown only when enabled. */
export interface Announcement {
  message: string;
  style: 'info' | 'warning' | 'danger' | 'success';
  link?: CustomLink;
}

/** One of the official code themes (`CustomizationCodeTheme`) per mode. */
export type CodeThemes = { light: string; dark: string };

export interface ReaderCustomization {
  title?: string;
  logo?: { light: string; dark: string };
  favicon?: { light: string; dark: string };
  /** `#rgb`/`#rrggbb` per mode: links, active item, focus. */
  primary?: { light: string; dark: string };
  /** Surface hue (header, sidebar, background). */
  tint?: { light: string; dark: string };
  /** The first mode a visitor sees (a stored choice wins); `system` follows the OS. */
  themeDefault: 'light' | 'dark' | 'system';
  /** Whether the light/dark switch is shown. */
  toggeable: boolean;
  /** One of the official font names (`CustomizationDefaultFont`). */
  font?: string;
  /** Headings' font (official name); absent = the body's. */
  headingFont?: string;
  /** Code's font (`CustomizationDefaultMonospaceFont`). */
  monospaceFont?: string;
  headerLinks: HeaderItem[];
  announcement?: Announcement;
  /** `styling.corners`: radius of boxes and controls. */
  corners: 'straight' | 'rounded' | 'circular';
  /** `styling.depth`: shadows and elevation. */
  depth: 'subtle' | 'flat';
  /** `styling.links`: `accent` keeps link text the body colour, underlined in the primary colour. */
  links: 'default' | 'accent';
  codeTheme?: CodeThemes;
  footerGroups: Array<{ title: string; links: CustomLink[] }>;
  copyright?: string;
  /** `og:image`: the social preview, else the logo. */
  socialPreview?: string;
  feedback: boolean;
  pagination: boolean;
  /** The page menu's `git` action: an "Edit on GitHub/GitLab" link on pages of git-synced spaces. */
  gitEdit: boolean;
}

export const DEFAULT_READER_CUSTOMIZATION: ReaderCustomization = Object.freeze({
  themeDefault: 'system',
  toggeable: true,
  headerLinks: [],
  footerGroups: [],
  feedback: false,
  pagination: true,
  gitEdit: false,
  corners: 'rounded',
  depth: 'subtle',
  links: 'default',
});

const COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

type Json = Record<string, unknown>;
const obj = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
const str = (value: unknown, max = 2048): string | undefined => (typeof value === 'string' && value.length <= max ? value : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice(0, 50) : []);

function themed(value: unknown, check: (v: string) => boolean): { light: string; dark: string } | undefined {
  const light = str(obj(value)?.light);
  const dark = str(obj(value)?.dark);
  return light !== undefined && dark !== undefined && check(light) && check(dark) ? { light, dark } : undefined;
}

const isColor = (v: string): boolean => COLOR.test(v);
const isCodeTheme = (v: string): boolean => Object.hasOwn(CODE_THEMES, v);
const anyUrl = (): boolean => true;

function link(value: unknown): CustomLink | undefined {
  const item = obj(value);
  const title = str(item?.title, 256);
  const to = obj(item?.to);
  if (!title || !to) return undefined;
  if (to.kind === 'url' && str(to.url)) return { title, url: to.url as string };
  if (to.kind === 'page' && str(to.page, 64)) return { title, pageId: to.page as string };
  return undefined;
}

/**
 * A header item. Items with a visitor condition are left out: the header is shared by every
 * visitor of a cached page, and an item shown to the wrong visitor would be worse than none.
 */
function headerItem(value: unknown): HeaderItem | undefined {
  const item = obj(value);
  const title = str(item?.title, 256);
  if (!item || !title || item.condition !== undefined) return undefined;
  const style = oneOf(item.style, ['link', 'button-primary', 'button-secondary'] as const, 'link');
  const to = item.to === null ? undefined : link({ title, to: item.to });
  const links = list(item.links).map(link).filter(defined);
  return to || links.length > 0 ? { title, style, ...(to ? { to } : {}), links } : undefined;
}

function announcementOf(value: unknown): Announcement | undefined {
  const item = obj(value);
  const message = str(item?.message, 128);
  if (item?.enabled !== true || !message || message.trim().length < 2) return undefined;
  const style = oneOf(item.style, ['info', 'warning', 'danger', 'success'] as const, 'info');
  const target = link(item.link);
  return { message, style, ...(target ? { link: target } : {}) };
}

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const defined = <T>(value: T | undefined): value is T => value !== undefined;

export function readCustomization(raw: unknown): ReaderCustomization {
  const settings = obj(raw);
  if (!settings) return DEFAULT_READER_CUSTOMIZATION;
  const styling = obj(settings.styling);
  const header = obj(settings.header);
  const footer = obj(settings.footer);
  const themes = obj(settings.themes);
  const favicon = obj(settings.favicon);
  const mode = themes?.default;
  const font = str(styling?.font, 64);
  const headingFont = str(styling?.headingFont, 64);
  const monospaceFont = str(styling?.monospaceFont, 64);
  const logo = themed(header?.logo, anyUrl);
  return {
    title: str(settings.title, 128),
    logo,
    favicon: themed(favicon?.icon, anyUrl),
    primary: themed(styling?.primaryColor, isColor),
    tint: themed(obj(styling?.tint)?.color, isColor),
    themeDefault: mode === 'light' || mode === 'dark' ? mode : 'system',
    toggeable: themes?.toggeable !== false,
    font: font && Object.hasOwn(OFFICIAL_FONTS, font) ? font : undefined,
    headingFont: headingFont && Object.hasOwn(OFFICIAL_FONTS, headingFont) ? headingFont : undefined,
    monospaceFont: monospaceFont && Object.hasOwn(OFFICIAL_MONOSPACE_FONTS, monospaceFont) ? monospaceFont : undefined,
    headerLinks: list(header?.links).map(headerItem).filter(defined),
    announcement: announcementOf(settings.announcement),
    corners: oneOf(styling?.corners, ['straight', 'rounded', 'circular'] as const, 'rounded'),
    depth: oneOf(styling?.depth, ['subtle', 'flat'] as const, 'subtle'),
    links: oneOf(styling?.links, ['default', 'accent'] as const, 'default'),
    codeTheme: themed(obj(obj(styling?.codeTheme)?.default), isCodeTheme),
    footerGroups: list(footer?.groups)
      .map((group) => {
        const title = str(obj(group)?.title, 256);
        return title === undefined ? undefined : { title, links: list(obj(group)?.links).map(link).filter(defined) };
      })
      .filter(defined),
    copyright: str(footer?.copyright, 512),
    socialPreview: str(obj(settings.socialPreview)?.url) ?? logo?.light,
    feedback: obj(settings.feedback)?.enabled === true,
    pagination: obj(settings.pagination)?.enabled !== false,
    gitEdit: list(obj(settings.pageActions)?.items).includes('git'),
  };
}
