import type { PageLinkFields, PageLinkTarget, PageType } from '@bindery/contracts';
import { PAGE_TYPES } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { type PageTree, ROOT } from './page-tree';

/** Schemes a link page may point to: anything else (javascript:, data:, …) is refused. */
const SAFE_HREF = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
const MAX_HREF = 2048;
const MAX_ID = 100;

/** The type a change asks for, checked (NATS callers other than the gateway exist). */
export function pageTypeOf(value: unknown, field: string): PageType | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(PAGE_TYPES as readonly string[]).includes(value))
    throw badRequest(`${field}: must be one of ${PAGE_TYPES.join(', ')}`);
  return value as PageType;
}

/** A URL a link page may hold: http(s) or mailto, at most 2048 characters. */
export function checkHref(href: unknown, field: string): string {
  if (typeof href !== 'string' || href.length > MAX_HREF || !SAFE_HREF.test(href))
    throw badRequest(`${field}: must be an http, https or mailto URL of at most ${MAX_HREF} characters`);
  return href;
}

/**
 * The target of a link page from `href` (a URL) or `target` (a ContentRef to a URL, page, file or
 * anchor); exactly one of the two. Undefined when neither is given.
 */
export function linkTargetOf(fields: PageLinkFields, field: string): PageLinkTarget | undefined {
  const { href, target } = fields;
  if (href !== undefined && target !== undefined) throw badRequest(`${field}.href: give href or target, not both`);
  if (href !== undefined) return { kind: 'url', url: checkHref(href, `${field}.href`) };
  if (target === undefined) return undefined;
  const at = `${field}.target`;
  if (target === null || typeof target !== 'object') throw badRequest(`${at}: must be an object with a kind`);
  const t = target as Record<string, unknown>;
  const id = (key: string, required: boolean): string | undefined => {
    const v = t[key];
    if (v === undefined && !required) return undefined;
    if (typeof v !== 'string' || v.length === 0 || v.length > MAX_ID) throw badRequest(`${at}.${key}: must be an id string`);
    return v;
  };
  const space = id('space', false);
  const withSpace = space === undefined ? {} : { space };
  switch (t.kind) {
    case 'url':
      return { kind: 'url', url: checkHref(t.url, `${at}.url`) };
    case 'page':
      return { kind: 'page', page: id('page', true)!, ...withSpace };
    case 'file':
      return { kind: 'file', file: id('file', true)!, ...withSpace };
    case 'anchor': {
      const page = id('page', false);
      return { kind: 'anchor', anchor: id('anchor', true)!, ...(page === undefined ? {} : { page }), ...withSpace };
    }
    default:
      throw badRequest(`${at}.kind: must be one of url, page, file, anchor`);
  }
}

/**
 * Where a page of `type` may live: groups only at the root (the official group's parent is the
 * space), and nothing under a link or a group's sibling rules beyond that.
 */
export function checkPlacement(tree: PageTree, type: PageType, parent: string, field: string): void {
  if (type === 'group' && parent !== ROOT) throw badRequest(`${field}: a group page can only be at the root of the space`);
  if (parent === ROOT) return;
  const parentType = tree.pages.get(parent)?.type;
  if (parentType === 'link') throw badRequest(`${field}: a link page cannot have child pages`);
  if (parentType === 'computed') throw badRequest(`${field}: a computed page's child pages are generated, not written`);
}
