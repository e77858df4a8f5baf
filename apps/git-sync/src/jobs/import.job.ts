import { posix } from 'node:path';
import { ContentSubjects, GitSyncJobs, type ImportFile, type ImportPage, type RequestContext } from '@bindery/contracts';
import { type AddressPolicy, defineJob, type JobContext, type JobDefinition, logger, type ServiceClient } from '@bindery/platform';
import type { DataSource } from 'typeorm';
import type { RepoCache } from '../git/repo-cache';
import type { CredentialSealer } from '../git/sealed-credentials';
import { contentTypeOf } from '../format/content-types';
import { readGitbookConfig } from '../format/gitbook-config';
import { type ImportStream, type PathIds, planImport, type RepoFile } from '../format/import-tree';
import type { PageConverter } from '../format/page-parser';
import type { GitJobPayload } from '../sync/git-job';
import type { PageSourceRepository } from '../sync/page-source.repository';
import type { SyncStateRepository } from '../sync/sync-state.repository';
import { type CheckoutLimits, fetchBranch } from './checkout';
import { BadRepositoryError, sortingFailures } from './failures';
import { applyOutline, outlineFirst } from './outline';
import { FileStore } from './file-store';
import { BodyStore, storeDocuments } from './store-batches';

export interface GitJobDeps {
  db: DataSource;
  states: SyncStateRepository;
  sources: PageSourceRepository;
  content: ServiceClient;
  sealer: CredentialSealer;
  policy: AddressPolicy;
  limits: CheckoutLimits;
  workRoot: string;
  /** Repositories kept between imports (a re-import fetches only what changed); none: a fresh clone each time. */
  cache?: RepoCache;
  /** Parses and writes page Markdown (on a pool of threads). */
  converter: PageConverter;
}

const ASSETS_DIR = '.gitbook/assets/';
export const jobContext = (payload: GitJobPayload): RequestContext => ({
  requestId: payload.requestId,
  caller: payload.caller,
  baseUrl: payload.baseUrl,
});

/** True when an event older than the last applied one: it is skipped (imports and exports stay ordered). */
export function isStale(timestamp: string | undefined, last: Date | null | undefined): boolean {
  return timestamp !== undefined && last !== null && last !== undefined && new Date(timestamp).getTime() < last.getTime();
}

/**
 * Blobs of the last sync by oid, with their size (pages record none: 0): a re-import fetches
 * none of them up front, since only changed pages are parsed and only new files stored.
 */
export function knownBlobs(paths: PathIds | undefined): Map<string, number> {
  const known = new Map<string, number>();
  for (const page of Object.values(paths?.pages ?? {})) if (page.oid) known.set(page.oid, 0);
  for (const file of Object.values(paths?.files ?? {})) if (file.oid && file.hash) known.set(file.oid, file.size);
  return known;
}

/**
 * Imports a branch of a GitBook-format repository into a space as one new revision (idempotent:
 * a re-run after a crash applies the same tree, which then changes nothing).
 */
export function importJob(deps: GitJobDeps): JobDefinition<GitJobPayload> {
  return defineJob<GitJobPayload>({
    type: GitSyncJobs.import,
    concurrency: 2,
    // Generous: the runner heartbeats, but a loaded machine may starve the loop for a while.
    ackWaitMs: 30_000,
    maxAttempts: 3,
    backoff: { initialMs: 500, maxMs: 5000 },
    handle: (payload, ctx) => sortingFailures(() => runImport(deps, payload, ctx)),
  });
}

async function runImport(deps: GitJobDeps, payload: GitJobPayload, ctx: JobContext): Promise<void> {
  const state = await deps.states.find(payload.spaceId);
  if (isStale(payload.timestamp, state?.lastTimestamp)) {
    await ctx.progress(1, 'skipped: an event newer than this one was already applied');
    return;
  }
  // Phase times (ms) go into the job's message: admins and the bench see where an import spends.
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    phases[name] = Math.round(performance.now() - phaseStart);
    phaseStart = performance.now();
  };
  await ctx.progress(0.05, 'fetching the repository');
  const checkout = await fetchBranch({
    workRoot: deps.workRoot,
    url: payload.url,
    credentials: payload.sealedCredentials ? deps.sealer.openCredentials(payload.sealedCredentials) : undefined,
    ref: payload.ref,
    policy: deps.policy,
    limits: deps.limits,
    checkout: false,
    signal: ctx.signal,
    cache: deps.cache,
    cacheKey: payload.spaceId,
    // Blobs the last import read are not fetched again (a one-page commit fetches one page).
    known: knownBlobs(state?.paths),
    // Only the content root is fetched: `.gitbook.yaml` (in the project directory) says where it is.
    root: async (readFile) => {
      const configPath = posix.join(payload.projectDir || '.', '.gitbook.yaml');
      return readGitbookConfig((await readFile(configPath))?.toString('utf8'), payload.projectDir).root;
    },
  });
  try {
    const byPath = new Map(checkout.entries.map((e) => [e.path, e]));
    const read = async (paths: string[]) => {
      const blobs = await checkout.read(paths.map((p) => byPath.get(p)!.oid));
      return new Map(paths.map((p) => [p, blobs.get(byPath.get(p)!.oid)!]));
    };
    const configPath = posix.join(payload.projectDir || '.', '.gitbook.yaml');
    const configSource = byPath.has(configPath) ? (await read([configPath])).get(configPath)!.toString('utf8') : undefined;
    const config = readGitbookConfig(configSource, payload.projectDir);
    const prefix = config.root ? `${config.root}/` : '';
    const files = new Map<string, RepoFile>();
    for (const entry of checkout.entries)
      if (entry.path.startsWith(prefix)) files.set(entry.path.slice(prefix.length), { oid: entry.oid, size: entry.size });
    const readRooted = (paths: string[]) =>
      read(paths.map((p) => prefix + p)).then((m) => new Map([...m].map(([p, b]) => [p.slice(prefix.length), b])));

    phase('fetch');
    await ctx.progress(0.3, 'reading the pages');
    // Hostile or broken input fails the import before anything is stored: the space stays as it was.
    const symlinks = checkout.symlinks.filter((p) => p.startsWith(prefix)).map((p) => `${p}: a symlink`);
    const bodies = new BodyStore(deps.content, jobContext(payload), payload.spaceId);
    const fileStore = new FileStore(deps.content, jobContext(payload), payload.spaceId, (oids) => checkout.read(oids));
    const previous = state?.paths ?? { pages: {}, files: {} };
    let outline: Promise<unknown> | undefined;
    const stream: ImportStream = {
      // Bodies are stored while later pages still parse, as the JSON text the page threads wrote.
      onBody: (page, body) => {
        if (body !== undefined) bodies.addBody(page, body);
      },
      // A first import shows its tree at once, bodies following (see `outlineFirst`).
      onTree: (pages, hidden) => {
        // The assets folder is imported whole: it goes while pages parse (linked files elsewhere after).
        const assets = [...files]
          .filter(([p, { oid }]) => p.startsWith(ASSETS_DIR) && previous.files[p]?.oid !== oid)
          .map(([, blob]) => blob);
        void fileStore.store(assets);
        if (outlineFirst(payload, state))
          outline = applyOutline(deps.content, jobContext(payload), payload.spaceId, pages, hidden).catch((error: unknown) => error);
      },
    };
    const plan = await planImport(
      files,
      readRooted,
      config,
      previous,
      payload.spaceId,
      deps.converter,
      symlinks.length === 0 ? stream : {},
    );
    const refused = [...symlinks, ...plan.refused];
    if (refused.length > 0)
      throw new BadRepositoryError(
        `the repository cannot be imported: ${refused.slice(0, 10).join('; ')}${refused.length > 10 ? ` (and ${refused.length - 10} more)` : ''}`,
      );

    phase('plan');
    await ctx.progress(0.6, 'storing the files and page bodies');
    const fresh = plan.files.filter((p) => plan.ids.files[p].hash === '');
    const storeFiles = async () => {
      await fileStore.store(fresh.map((p) => files.get(p)!));
      for (const p of fresh)
        Object.assign(plan.ids.files[p], { hash: await fileStore.hashOf(files.get(p)!.oid), contentType: contentTypeOf(p) });
    };
    await Promise.all([storeFiles(), bodies.flush()]);
    const outlined = await outline;
    if (outlined instanceof Error) throw outlined;
    // Reusable contents' bodies go the same way (a body with no sub-pages, to the same store).
    const reusableBodies = plan.reusableContents.map((content) => Object.assign(content, { pages: [] as ImportPage[] }));
    await storeDocuments(deps.content, jobContext(payload), payload.spaceId, reusableBodies as unknown as ImportPage[]);
    const reusableContents = reusableBodies.map(({ id, title, documentHash }) => ({
      id,
      title,
      ...(documentHash ? { documentHash } : {}),
    }));
    const importFiles: ImportFile[] = plan.files.map((p) => {
      const f = plan.ids.files[p];
      return { id: f.id, name: posix.basename(p), contentType: f.contentType, size: f.size, hash: f.hash };
    });

    phase('store');
    await ctx.progress(0.8, 'applying the revision');
    const result = await deps.content.send(ContentSubjects.importApply, jobContext(payload), {
      spaceId: payload.spaceId,
      pages: plan.pages,
      files: importFiles,
      reusableContents,
      // Git owns the includes it held: one deleted there goes; one made in Bindery and never exported stays.
      sourceReusableContentIds: Object.values(state?.paths?.reusableContents ?? {}).map(({ id }) => id),
      ...(payload.standalone ? { standalone: true } : {}),
      ...(payload.force ? { force: true } : {}),
      ...(state?.lastRevisionId ? { expectedRevisionId: state.lastRevisionId } : {}),
    });
    if (!payload.standalone)
      await deps.db.transaction(async (manager) => {
        await deps.states.recordSync(manager, payload.spaceId, {
          timestamp: payload.timestamp ? new Date(payload.timestamp) : null,
          revisionId: result.revisionId,
          commit: checkout.commit,
          paths: plan.ids,
          contentRoot: config.root,
        });
        const pagePaths = Object.keys(plan.ids.pages).filter((key) => !key.includes(':') && !/#\d+$/.test(key));
        await deps.sources.record(manager, payload.spaceId, plan.sources, pagePaths);
      });
    const report = [...checkout.report, ...plan.report];
    logger.info(
      {
        spaceId: payload.spaceId,
        commit: checkout.commit,
        revisionId: result.revisionId,
        changed: result.changed,
        ...plan.stats,
        reported: report.length,
      },
      'git import applied',
    );
    phase('apply');
    const timing = `${plan.stats.pages} pages (${plan.stats.parsed} parsed, ${plan.stats.kept} kept), ${importFiles.length} files; ${Object.entries(
      phases,
    )
      .map(([name, ms]) => `${name} ${ms} ms`)
      .join(', ')}`;
    await ctx.progress(
      1,
      report.length > 0 ? `imported ${timing}; ${report.length} note(s): ${report.slice(0, 20).join('; ')}` : `imported ${timing}`,
    );
  } finally {
    await checkout.remove();
  }
}
