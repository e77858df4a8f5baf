import type { RequestContext, Translation, TranslationLanguage } from '@bindery/contracts';
import type { TranslationRow } from './translations.repository';

const seconds = (ms: number) => Math.round(ms / 1000);

/** The wire Translation of a row, with the caller's permissions. */
export function toWire(row: TranslationRow, ctx: RequestContext, canEdit: boolean): Translation {
  const language = row.language as TranslationLanguage;
  const wire: Translation = {
    object: 'translation',
    id: row.id,
    status: row.status,
    source: { space: row.sourceSpace, language: row.sourceLanguage as TranslationLanguage },
    language,
    instructions: row.instructions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    stats: {
      runs: row.runs,
      totalWords: row.totalWords,
      totalPages: row.totalPages,
      totalDuration: seconds(row.totalDurationMs),
      latestRunDuration: seconds(row.latestDurationMs),
      latestPages: row.latestPages,
      latestWords: row.latestWords,
    },
    permissions: { view: true, edit: canEdit },
    urls: { location: `${ctx.baseUrl}/v1/orgs/${row.organizationId}/translations/${row.id}` },
  };
  if (row.targetSpace && row.resultRevision) wire.result = { space: row.targetSpace, revision: row.resultRevision, language };
  if (row.lastError) wire.error = { message: row.lastError, at: (row.lastErrorAt ?? row.updatedAt).toISOString() };
  return wire;
}
