import { MAX_EMOJI_LENGTH } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';

// One emoji: a pictograph or keycap, with optional variation selector, skin-tone modifier, tag
// sequence (subdivision flags) and zero-width-joiner continuations; or a pair of regional
// indicators (a flag). Anything else (words, `:shortcodes:`, markup) is not an emoji.
const PICTO = String.raw`(?:\p{Extended_Pictographic}|[#*0-9]\uFE0F?\u20E3)\uFE0F?\p{Emoji_Modifier}?[\u{E0020}-\u{E007E}]*\u{E007F}?`;
const EMOJI = new RegExp(String.raw`^(?:\p{Regional_Indicator}{2}|${PICTO}(?:\u200D${PICTO})*)$`, 'u');

/** True when `value` is exactly one emoji character sequence (the official Emoji, at most 50 characters). */
export function isEmoji(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_EMOJI_LENGTH && EMOJI.test(value);
}

/** The distinct emoji of a reactions field, or a 400 naming the field and the first that is not one. */
export function checkEmojis(values: string[] | undefined, field: string): string[] {
  if (values === undefined) return [];
  for (const value of values) {
    if (!isEmoji(value)) throw badRequest(`${field}: ${JSON.stringify(String(value).slice(0, 60))} is not an emoji`);
  }
  return [...new Set(values)];
}
