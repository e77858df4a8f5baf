import { OPENAPI_PROCESS_JOB, OpenApiEvents, type OpenApiProcessedEvent, type OpenApiProcessPayload } from '@bindery/contracts';
import { addToOutbox, defineJob, type JobDefinition, logger, newId } from '@bindery/platform';
import type { OpenApiEnv } from './openapi.env';
import type { OpenApiRepository, ProcessOutcome } from './openapi.repository';
import { ProcessingError } from './processing/processing-error';
import { SpecProcessor } from './processing/spec-processor';

/** Specs one worker processes at once, each in a thread of its own. */
export const OPENAPI_PROCESS_CONCURRENCY = 2;

/** The thread pool a worker processes specs in, within the budgets of `env`. */
export function specProcessor(env: OpenApiEnv): SpecProcessor {
  return new SpecProcessor({
    threads: OPENAPI_PROCESS_CONCURRENCY,
    budgetMs: env.OPENAPI_FETCH_TIMEOUT_MS + env.OPENAPI_PROCESS_TIMEOUT_MS,
    memoryMb: env.OPENAPI_PROCESS_MEMORY_MB,
    limits: {
      allowPrivateHosts: env.OPENAPI_FETCH_ALLOW_PRIVATE_HOSTS,
      timeoutMs: env.OPENAPI_FETCH_TIMEOUT_MS,
      maxBytes: env.OPENAPI_MAX_BYTES,
      maxFiles: env.OPENAPI_MAX_FILES,
    },
  });
}

/**
 * Processes one generation of a spec's source: fetch (guarded), parse, bundle, validate (in a
 * worker thread, within a time and memory budget: `SpecProcessor`), then a new content-addressed version when the document differs from the last one. Idempotent: a
 * newer generation makes an older job a no-op, the documents are stored by hash, and a version is
 * added only when the bytes differ from the latest version's. Network failures are retried with
 * backoff and reported on the spec meanwhile; the last attempt's failure is final (the last good
 * version stays). A kill mid-job leaves the row `progress` and the job unacknowledged: it runs
 * again on the next worker.
 */
export function openApiProcessJob(deps: {
  specs: OpenApiRepository;
  env: OpenApiEnv;
  processor: SpecProcessor;
}): JobDefinition<OpenApiProcessPayload> {
  const maxAttempts = deps.env.OPENAPI_MAX_ATTEMPTS;
  return defineJob<OpenApiProcessPayload>({
    type: OPENAPI_PROCESS_JOB,
    concurrency: OPENAPI_PROCESS_CONCURRENCY,
    // The runner heartbeats while a job runs: a dead worker's job is redelivered after this.
    ackWaitMs: 10_000,
    maxAttempts,
    backoff: { initialMs: deps.env.OPENAPI_RETRY_BACKOFF_MS, maxMs: 5 * 60_000, factor: 2 },
    async handle(payload, ctx) {
      const spec = await deps.specs.findById(payload.specId);
      if (!spec || spec.generation !== payload.generation) return; // deleted, or a newer source has its own job
      if (!payload.refresh && !(await deps.specs.startProcessing(spec.id, payload.generation))) return;
      await ctx.progress(0.1, 'fetching');
      let outcome: ProcessOutcome;
      let recordedWithVersion = false;
      try {
        // A URL processed before (a refresh, or the same URL put again) revalidates every file of the
        // last processing, each with its own validators, and is not processed again when none changed.
        const known = spec.lastVersionId && spec.sourceUrl ? await deps.specs.sourceFiles(spec.id) : undefined;
        const result = await deps.processor.run({ url: spec.sourceUrl, text: spec.sourceText, known }, ctx.signal);
        await ctx.progress(0.9, 'storing the version');
        if (result.notModified) {
          outcome = { final: true, files: result.files };
        } else {
          outcome = await deps.specs.manager.transaction(async (tx) => {
            const current = await deps.specs.findById(spec.id, tx, true);
            if (!current || current.generation !== payload.generation) return { final: true };
            const last = current.lastVersionId ? await deps.specs.version(spec.id, current.lastVersionId) : undefined;
            if (last && last.contentHash === result.bundled.hash && last.rawHash === result.raw.hash) {
              return { final: true, etag: result.etag ?? null, lastModified: result.lastModified ?? null, files: result.files };
            }
            await deps.specs.putDocument(tx, result.bundled.hash, result.bundled.json);
            await deps.specs.putDocument(tx, result.raw.hash, result.raw.text);
            const versionId = newId();
            await deps.specs.insertVersion(tx, {
              id: versionId,
              specId: spec.id,
              contentHash: result.bundled.hash,
              rawHash: result.raw.hash,
              rawFormat: result.raw.format,
              url: spec.sourceUrl,
            });
            // Computed OpenAPI pages (content) regenerate from the new version.
            const event: OpenApiProcessedEvent = {
              specId: spec.id,
              organizationId: spec.organizationId,
              slug: spec.slug,
              versionId,
              hash: result.bundled.hash,
              at: new Date().toISOString(),
            };
            await addToOutbox(tx, OpenApiEvents.specProcessed, event);
            const processed = {
              final: true,
              versionId,
              etag: result.etag ?? null,
              lastModified: result.lastModified ?? null,
              files: result.files,
            };
            // The version becomes the spec's newest in the transaction that announces it: a consumer
            // of the event asks sites for the newest version (content's outlines), and recorded after
            // the commit it could still get the previous one, with nothing to make it ask again.
            await deps.specs.recordOutcome(tx, spec.id, payload.generation, processed);
            recordedWithVersion = true;
            return processed;
          });
        }
      } catch (error) {
        if (!(error instanceof ProcessingError)) throw error; // a bug or the database: the runner retries
        const final = !error.retryable || ctx.attempt >= maxAttempts;
        await deps.specs.recordOutcome(deps.specs.manager, spec.id, payload.generation, {
          final,
          errorCode: error.code,
          errors: error.errors,
          errorCount: error.total,
        });
        logger.info(
          { specId: spec.id, code: error.code, attempt: ctx.attempt, final, err: error.message },
          'OpenAPI spec processing failed',
        );
        if (!final) throw error; // retried with backoff
        return;
      }
      if (!recordedWithVersion) await deps.specs.recordOutcome(deps.specs.manager, spec.id, payload.generation, outcome);
    },
  });
}
