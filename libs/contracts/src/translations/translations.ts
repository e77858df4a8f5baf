import type { JsonDocument } from '../content';
import type { NoResult } from '../context';
import type { List, PageQuery } from '../pagination';
import type { TranslationsSubjects } from './subjects';

/** Official `TranslationLanguage` (@gitbook/api 0.202.0). */
export const TRANSLATION_LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'zh',
  'zh-tw',
  'yue',
  'ko',
  'ar',
  'hi',
  'nl',
  'pl',
  'tr',
  'sv',
  'no',
  'da',
  'fi',
  'el',
  'cs',
  'hu',
  'ro',
  'th',
  'vi',
  'id',
  'ms',
  'he',
  'uk',
  'sk',
  'bg',
  'hr',
  'lt',
  'lv',
  'et',
  'sl',
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** Official statuses; a run that failed for good reads `pending` with `error` set (the enumeration has no failure value). */
export type TranslationStatus = 'pending' | 'running' | 'completed';

/** Wire Translation (official schema, plus `error` when the latest run failed for good). */
export interface Translation {
  object: 'translation';
  id: string;
  status: TranslationStatus;
  source: { space: string; language: TranslationLanguage };
  language: TranslationLanguage;
  instructions: JsonDocument;
  result?: { space: string; revision: string; language: TranslationLanguage };
  createdAt: string;
  updatedAt: string;
  stats: {
    runs: number;
    totalWords: number;
    totalPages: number;
    totalDuration: number;
    latestRunDuration: number;
    latestPages: number;
    latestWords: number;
  };
  permissions: { view: boolean; edit: boolean };
  urls: { location: string };
  error?: { message: string; at: string };
}

export interface TranslationRef {
  organizationId: string;
  translationId: string;
}
export interface TranslationListInput extends PageQuery {
  organizationId: string;
}
/**
 * Largest `instructions` document, in bytes of its JSON. The Document format spends ~150 bytes on
 * each paragraph, so this holds some 1,700 glossary lines or about 64 KB of text; free guidance is
 * sent with every block an LLM engine translates.
 */
export const TRANSLATION_INSTRUCTIONS_MAX_BYTES = 256 * 1024;

export interface TranslationCreateInput {
  organizationId: string;
  language: TranslationLanguage;
  source: { space: string; language?: TranslationLanguage };
  instructions?: JsonDocument;
}
export interface TranslationUpdateInput extends TranslationRef {
  instructions: JsonDocument;
}

/** Payload of the `translations.run` job. The run acts as the member who asked for it. */
export interface TranslationRunPayload {
  translationId: string;
  /** The run's sequence number (the job id is `<translationId>.<seq>`). */
  seq: number;
  userId: string;
  tokenId: string;
  baseUrl: string;
}
export const TRANSLATION_RUN_JOB = 'translations.run';

export interface TranslationsRpc {
  [TranslationsSubjects.translationList]: { input: TranslationListInput; result: List<Translation> };
  [TranslationsSubjects.translationCreate]: { input: TranslationCreateInput; result: Translation };
  [TranslationsSubjects.translationGet]: { input: TranslationRef; result: Translation };
  [TranslationsSubjects.translationUpdate]: { input: TranslationUpdateInput; result: Translation };
  [TranslationsSubjects.translationDelete]: { input: TranslationRef; result: NoResult };
  [TranslationsSubjects.translationRun]: { input: TranslationRef; result: NoResult };
}
