import { createHash } from 'node:crypto';
import type { JsonDocument, TranslationLanguage } from '@bindery/contracts';
import type { TranslationEngine } from '../engines/engine';
import { withRetries, type RetryOptions, DEFAULT_RETRY } from '../engines/retry';
import { documentSegments, type Segment, textSegment } from '../markup/document-segments';
import type { Instructions } from '../markup/instructions';
import { tagsIntact, textPieces } from '../markup/tag-integrity';

/** The fields of a source page a translation reads. */
export interface SourcePage {
  id: string;
  title: string;
  description?: string;
  document?: JsonDocument | null;
}

export interface TranslatedPage {
  title: string;
  description: string | null;
  document: JsonDocument | null;
  /** Words sent to the engine. */
  words: number;
}

/** Everything a page's translation depends on, so equal hashes mean an equal translation. */
export interface TranslationSettings {
  engine: TranslationEngine;
  from: TranslationLanguage;
  to: TranslationLanguage;
  instructions: Instructions;
  retry?: RetryOptions;
  signal?: AbortSignal;
}

export function sourceHash(page: SourcePage, settings: TranslationSettings): string {
  const basis = {
    engine: settings.engine.name,
    from: settings.from,
    to: settings.to,
    instructions: settings.instructions,
    title: page.title,
    description: page.description ?? null,
    document: page.document ?? null,
  };
  return createHash('sha256').update(JSON.stringify(basis)).digest('base64url');
}

/**
 * Translates one page: its title, description and every block of text of its body, in one
 * engine call (retried on rate limits, server errors and timeouts), and a second one for the
 * segments whose tags did not come back as they were sent.
 */
export async function translatePage(page: SourcePage, settings: TranslationSettings): Promise<TranslatedPage> {
  const out: TranslatedPage = { title: page.title, description: page.description ?? null, document: page.document ?? null, words: 0 };
  const segments: Segment[] = [];
  const glossary = settings.instructions.glossary;
  if (page.title.trim() !== '') segments.push(textSegment(page.title, (t) => (out.title = t.trim() || page.title), glossary));
  if (page.description) segments.push(textSegment(page.description, (t) => (out.description = t), glossary));
  if (page.document && Array.isArray(page.document.nodes) && page.document.nodes.length > 0) {
    const body = documentSegments(page.document as unknown as Record<string, unknown>, glossary);
    out.document = body.document as unknown as JsonDocument;
    segments.push(...body.segments);
  }
  const toSend = segments.filter((s) => s.words > 0);
  if (toSend.length === 0) return out;
  const translate = (markups: string[]) =>
    withRetries(
      () =>
        settings.engine.translate({
          from: settings.from,
          to: settings.to,
          segments: markups,
          guidance: settings.instructions.guidance || undefined,
          signal: settings.signal,
        }),
      { ...(settings.retry ?? DEFAULT_RETRY), signal: settings.signal },
    );
  const translated = await translate(toSend.map((s) => s.markup));
  // Segments whose marks, links or kept parts the engine lost or moved: again, piece by piece.
  const broken = toSend.flatMap((segment, i) => (tagsIntact(segment.markup, translated[i]) ? [] : [i]));
  if (broken.length > 0) {
    const pieces = broken.map((i) => textPieces(toSend[i].markup));
    const texts = await translate(pieces.flatMap((p) => p.texts));
    let next = 0;
    broken.forEach((i, k) => {
      translated[i] = pieces[k].join(texts.slice(next, next + pieces[k].texts.length));
      next += pieces[k].texts.length;
    });
  }
  toSend.forEach((segment, i) => segment.apply(translated[i]));
  out.words = toSend.reduce((sum, s) => sum + s.words, 0);
  return out;
}
