/**
 * Text search configurations by space language (Postgres' built-in Snowball stemmers); a
 * language without one is searched word by word (`simple`). Every value is a constant of this
 * map, so it is safe to name in SQL.
 */
const CONFIGS: Record<string, string> = {
  en: 'english',
  fr: 'french',
  de: 'german',
  es: 'spanish',
  it: 'italian',
  pt: 'portuguese',
  'pt-br': 'portuguese',
  ru: 'russian',
  nl: 'dutch',
  sv: 'swedish',
  no: 'norwegian',
  da: 'danish',
  fi: 'finnish',
  hu: 'hungarian',
  ro: 'romanian',
  tr: 'turkish',
  el: 'greek',
  id: 'indonesian',
  lt: 'lithuanian',
};

/** A space without a language is taken to be in English, the spec's sample language. */
export function searchConfig(language: string | null | undefined): string {
  return CONFIGS[language ?? 'en'] ?? 'simple';
}
