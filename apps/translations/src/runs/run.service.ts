import {
  ContentSubjects,
  type JsonDocument,
  type RequestContext,
  type RevisionPage,
  type TranslationLanguage,
  type TranslationRunPayload,
  type PageLinkTarget,
  type TreeWritePage,
} from '@bindery/contracts';
import { isAppError, logger, readTreeParts, type JobContext } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Inject, Injectable } from '@nestjs/common';
import { EngineError } from '../engines/engine';
import { Engines } from '../engines/engines';
import { readInstructions } from '../markup/instructions';
import { runAlreadyCompleted } from './run-decision';
import { type TranslatedPageRow, type TranslationRow, TranslationsRepository } from '../translations/translations.repository';
import { sourceHash, type TranslationSettings, translatePage } from './page-translator';

export const RUN_SETTINGS = Symbol('RUN_SETTINGS');
export interface RunSettings {
  /** Pages translated at once (engine requests in flight). */
  concurrency: number;
  /** Time limit of the content calls that move a whole space (read and write). */
  contentTimeoutMs: number;
}

/**
 * One run of a translation (the worker's `translations.run` job): read the source space's current
 * revision, translate the pages whose source changed since their last translation (each kept as
 * soon as it is made, so a killed run resumes where it was), and write the whole translated tree
 * into the target space as one revision (none when nothing changed). Runs of one translation are
 * serialised by a lock, and a run that already completed is not run again (see `runAlreadyCompleted`); the
 * result space keeps its last good revision when a run fails.
 */
@Injectable()
export class RunService {
  constructor(
    private readonly repository: TranslationsRepository,
    private readonly services: ServiceClient,
    private readonly engines: Engines,
    @Inject(RUN_SETTINGS) private readonly settings: RunSettings,
  ) {}

  async run(payload: TranslationRunPayload, job: JobContext, lastAttempt: boolean): Promise<void> {
    await this.repository.withRunLock(payload.translationId, async () => {
      const row = await this.repository.find(payload.translationId);
      // Deleted since it was queued: nothing to do.
      if (!row) return;
      if (runAlreadyCompleted(row, payload.seq)) {
        logger.info({ translationId: row.id, seq: payload.seq, attempt: job.attempt }, 'translation run already completed; not run again');
        return;
      }
      const started = Date.now();
      await this.repository.update(row.id, { status: 'running' });
      try {
        await this.runLocked(row, payload, job, started);
      } catch (error) {
        const permanent = (error instanceof EngineError && !error.retryable) || isClientError(error);
        logger.warn({ err: error, translationId: row.id, attempt: job.attempt, permanent }, 'translation run failed');
        if (!permanent && !lastAttempt) throw error;
        // Failed for good: say so on the translation; the result keeps its last good revision.
        await this.repository.update(row.id, {
          status: 'pending',
          lastError: (error as Error).message.slice(0, 500),
          lastErrorAt: new Date(),
        });
        if (!permanent) throw error;
      }
    });
  }

  private async runLocked(row: TranslationRow, payload: TranslationRunPayload, job: JobContext, started: number): Promise<void> {
    const ctx: RequestContext = {
      requestId: `translation-run-${job.jobId}`,
      caller: { userId: payload.userId, tokenId: payload.tokenId },
      baseUrl: payload.baseUrl,
    };
    const timeout = this.settings.contentTimeoutMs;
    const source = { spaceId: row.sourceSpace };
    const { revision, pages } = await this.services.send(ContentSubjects.revisionGet, ctx, source, timeout);
    // A large space's tree comes in parts (one NATS message carries at most 64 MiB): the later
    // ones are read under the first answer's tag, which names this revision's bytes.
    const rawJson = await readTreeParts(
      pages,
      async (index) =>
        (await this.services.send(ContentSubjects.revisionGet, ctx, { ...source, part: { tag: pages.tag, index } }, timeout)).pages,
    );
    // The serialised page list is `{pages: [...]}`, as the API's page list answers it.
    const tree = (JSON.parse(rawJson ?? '{"pages":[]}') as { pages: RevisionPage[] }).pages;
    const flat = flatten(tree);

    const translation: TranslationSettings = {
      engine: this.engines.forOrganization(row.organizationId),
      from: row.sourceLanguage as TranslationLanguage,
      to: row.language as TranslationLanguage,
      instructions: readInstructions(row.instructions),
      signal: job.signal,
    };
    // Before any page: a language the engine cannot reach fails the run at once, for good.
    if (!(await translation.engine.supports(translation.from, translation.to)))
      throw new EngineError(
        `The translation engine (${translation.engine.name}) cannot translate from "${translation.from}" to "${translation.to}": no installed language pair, or chain of pairs through another language, reaches it`,
        false,
      );
    const known = await this.repository.translatedPages(row.id);
    const todo = flat.filter((page) => known.get(page.id)?.sourceHash !== sourceHash(asSource(page), translation));
    await job.progress(0, `${todo.length} of ${flat.length} pages to translate`);

    let done = 0;
    await eachLimited(todo, this.settings.concurrency, async (page) => {
      if (job.signal.aborted) throw new Error('worker stopping');
      const source = asSource(page);
      const result = await translatePage(source, translation);
      const saved: TranslatedPageRow = { pageId: page.id, sourceHash: sourceHash(source, translation), ...result, runSeq: payload.seq };
      await this.repository.saveTranslatedPage(row.id, saved);
      known.set(page.id, saved);
      done++;
      if (done % 20 === 0) await job.progress(done / Math.max(todo.length, 1), `${done} of ${todo.length} pages translated`);
    });

    const targetSpace = row.targetSpace ?? (await this.createTargetSpace(ctx, row));
    const written = await this.services.send(
      ContentSubjects.revisionWriteTree,
      ctx,
      {
        spaceId: targetSpace,
        pages: tree.map((page) => translatedTree(page, known)),
        filesFrom: { spaceId: row.sourceSpace, revisionId: revision.id },
      },
      timeout,
    );

    const uniquePages = await this.repository.keepTranslatedPages(
      row.id,
      flat.map((page) => page.id),
    );
    const thisRun = flat.map((page) => known.get(page.id)!).filter((page) => page.runSeq === payload.seq);
    const latestWords = thisRun.reduce((sum, page) => sum + page.words, 0);
    const duration = Date.now() - started;
    const current = (await this.repository.find(row.id)) ?? row;
    await this.repository.update(row.id, {
      status: 'completed',
      resultRevision: written.revision,
      runs: current.runs + 1,
      // Under the run lock with the counters: a delivery of this run (or an earlier one) after this point is not run.
      completedRunSeq: Math.max(current.completedRunSeq, payload.seq),
      totalWords: current.totalWords + latestWords,
      totalPages: uniquePages,
      totalDurationMs: current.totalDurationMs + duration,
      latestDurationMs: duration,
      latestPages: thisRun.length,
      latestWords,
      lastError: null,
      lastErrorAt: null,
    });
    logger.info(
      {
        translationId: row.id,
        pages: flat.length,
        translated: thisRun.length,
        words: latestWords,
        ms: duration,
        revisionCreated: written.created,
      },
      'translation run finished',
    );
  }

  /** The space the translation is written to, created on the first run beside the source. */
  private async createTargetSpace(ctx: RequestContext, row: TranslationRow): Promise<string> {
    const source = await this.services.send(ContentSubjects.spaceGet, ctx, { spaceId: row.sourceSpace });
    const suffix = ` (${row.language})`;
    const space = await this.services.send(ContentSubjects.spaceCreate, ctx, {
      organizationId: row.organizationId,
      title: `${source.title.slice(0, 50 - suffix.length)}${suffix}`,
      language: row.language,
    });
    // Recorded at once, so a run killed after this point writes into this space when it resumes.
    await this.repository.update(row.id, { targetSpace: space.id });
    return space.id;
  }
}

const isClientError = (error: unknown) => isAppError(error) && error.code >= 400 && error.code < 500;

function flatten(pages: RevisionPage[]): RevisionPage[] {
  const out: RevisionPage[] = [];
  const visit = (list: RevisionPage[]) => {
    for (const page of list) {
      out.push(page);
      visit(page.pages ?? []);
    }
  };
  visit(pages);
  return out;
}

function asSource(page: RevisionPage) {
  return {
    id: page.id,
    title: page.title,
    description: typeof page.description === 'string' ? page.description : undefined,
    document: (page.document as JsonDocument | undefined) ?? null,
  };
}

/** The source page with its translated title, description and body; everything else as in the source. */
function translatedTree(page: RevisionPage, known: Map<string, TranslatedPageRow>): TreeWritePage {
  const translated = known.get(page.id)!;
  const out: TreeWritePage = {
    id: page.id,
    title: translated.title,
    // A link page has no slug on the wire; the translated space gives it its id.
    slug: typeof page.slug === 'string' ? page.slug : page.id,
    createdAt: page.createdAt as string,
    updatedAt: page.updatedAt as string,
    document: translated.document,
    pages: (page.pages ?? []).map((child) => translatedTree(child, known)),
  };
  // Groups and links keep their kind (and a link its target): only documents carry a body.
  if (page.type === 'group' || page.type === 'link') {
    out.type = page.type;
    out.document = null;
    if (page.type === 'link') out.target = page.target as PageLinkTarget;
  }
  for (const key of ['emoji', 'icon', 'hidden', 'noIndex', 'noRobotsIndex', 'layout', 'cover'] as const) {
    if (page[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = page[key];
  }
  if (translated.description !== null) out.description = translated.description;
  return out;
}

/** Runs `work` on every item with at most `limit` at once; the first failure stops new work and is thrown. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: Error | undefined;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (failed === undefined && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failed ??= error instanceof Error ? error : new Error(String(error));
      }
    }
  });
  await Promise.all(lanes);
  if (failed !== undefined) throw failed;
}
