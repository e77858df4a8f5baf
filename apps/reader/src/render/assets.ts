// The reader's only stylesheet and scripts, served from /_reader/ with a content hash in the URL
// (immutable caching). The scripts are progressive enhancement; pages read fine without them.
import { createHash } from 'node:crypto';
import { JS } from './assets/script';
import { CSS } from './assets/styles';
import { THEME_JS } from './assets/theme-boot';

export { CSS, JS, THEME_JS };

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 12);
export const CSS_PATH = `/_reader/site.${hash(CSS)}.css`;
export const JS_PATH = `/_reader/site.${hash(JS)}.js`;
export const THEME_JS_PATH = `/_reader/theme.${hash(THEME_JS)}.js`;
