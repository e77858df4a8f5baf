import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ContentSubjects, GitSyncJobs } from '@bindery/contracts';
import { defineJob, type JobContext, type JobDefinition, logger } from '@bindery/platform';
import { git, readBlobs } from '../git/git-cli';
import { checkedAddress, pinnedAddressConfig } from '../git/remote-url';
import { blobOid, planExport } from '../format/export-tree';
import type { GitJobPayload } from '../sync/git-job';
import { branchOf, fetchBranch } from './checkout';
import { exportRoot } from './export-root';
import { readWithBodies } from './read-documents';
import { sortingFailures } from './failures';
import { type GitJobDeps, isStale, jobContext } from './import.job';

/**
 * Exports a space's current revision to a branch: sets the page files, SUMMARY.md and assets in
 * the index of a shallow fetch (files of the repository that are not part of the space stay as they
 * are), commits with the caller's message and pushes. No change, no commit.
 */
export function exportJob(deps: GitJobDeps): JobDefinition<GitJobPayload> {
  return defineJob<GitJobPayload>({
    type: GitSyncJobs.export,
    concurrency: 2,
    // Generous: the runner heartbeats, but a loaded machine may starve the loop for a while.
    ackWaitMs: 30_000,
    maxAttempts: 3,
    backoff: { initialMs: 500, maxMs: 5000 },
    handle: (payload, ctx) => sortingFailures(() => runExport(deps, payload, ctx)),
  });
}

async function runExport(deps: GitJobDeps, payload: GitJobPayload, ctx: JobContext): Promise<void> {
  const state = await deps.states.find(payload.spaceId);
  if (isStale(payload.timestamp, state?.lastTimestamp)) {
    await ctx.progress(1, 'skipped: an event newer than this one was already applied');
    return;
  }
  const credentials = payload.sealedCredentials ? deps.sealer.openCredentials(payload.sealedCredentials) : undefined;
  // Phase times (ms) go into the job's message, as for imports.
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    phases[name] = Math.round(performance.now() - phaseStart);
    phaseStart = performance.now();
  };
  const tree = await deps.content.send(ContentSubjects.importRead, jobContext(payload), { spaceId: payload.spaceId });
  const content = await readWithBodies(deps.content, jobContext(payload), payload.spaceId, tree);
  phase('read');
  const checkout = await fetchBranch({
    workRoot: deps.workRoot,
    url: payload.url,
    credentials,
    ref: payload.ref,
    policy: deps.policy,
    limits: deps.limits,
    // No working tree: the export goes through git's index, so only changed files are written
    // (and no path of the repository, symlink or not, is ever opened).
    checkout: false,
    allowMissing: true,
    signal: ctx.signal,
  });
  try {
    const run = (args: string[], input?: string) =>
      git(args, { cwd: checkout.dir, timeoutMs: deps.limits.timeoutMs, signal: ctx.signal, ...(input !== undefined ? { input } : {}) });
    const inRepo = new Map(checkout.entries.map((e) => [e.path, e.oid]));
    const readBlob = async (oid: string) => (await readBlobs(checkout.dir, [oid], deps.limits.timeoutMs)).get(oid)!;
    const root = await exportRoot(payload.projectDir, inRepo, readBlob);
    const prefix = root ? `${root}/` : '';
    const branch = branchOf(payload.ref);
    await run(['symbolic-ref', 'HEAD', `refs/heads/${branch}`]);
    if (checkout.commit) {
      await run(['update-ref', `refs/heads/${branch}`, checkout.commit]);
      await run(['read-tree', checkout.commit]);
    }
    phase('fetch');
    const plan = await planExport(
      content,
      state?.paths ?? { pages: {}, files: {} },
      checkout.commit !== '' && checkout.commit === state?.lastCommit,
      await deps.sources.find(payload.spaceId),
      deps.converter,
    );
    // Changed files are staged as blobs (one hash-object call) and set in the index (one update-index).
    const staging = `${checkout.dir}.out`;
    mkdirSync(staging, { recursive: true });
    const staged: Array<{ path: string; file: string }> = [];
    const stage = (path: string, bytes: Buffer) => {
      const full = posix.normalize(prefix + path);
      if (full.startsWith('../') || full.startsWith('/') || full.split('/').includes('..'))
        throw new Error(`export path ${path} leaves the repository`);
      const file = join(staging, String(staged.length));
      writeFileSync(file, bytes);
      staged.push({ path: full, file });
    };
    for (const [path, text] of plan.texts) if (inRepo.get(prefix + path) !== blobOid(text)) stage(path, Buffer.from(text, 'utf8'));
    for (const [path, file] of plan.files) {
      if (inRepo.has(prefix + path)) continue; // assets are named by content once written
      const { base64 } = await deps.content.send(ContentSubjects.importReadFile, jobContext(payload), {
        spaceId: payload.spaceId,
        hash: file.hash,
      });
      stage(path, Buffer.from(base64, 'base64'));
    }
    const indexLines: string[] = [];
    if (staged.length > 0) {
      const oids = (await run(['hash-object', '-w', '--stdin-paths'], staged.map((s) => s.file).join('\n') + '\n'))
        .toString('utf8')
        .trim()
        .split('\n');
      staged.forEach((s, i) => indexLines.push(`100644 ${oids[i]}\t${s.path}`));
    }
    // Pages removed from the space since the last sync: their files go too (only files the sync wrote).
    for (const key of Object.keys(state?.paths.pages ?? {})) {
      const path = key.replace(/#\d+$/, '');
      if (!key.includes(':') && !plan.texts.has(path) && !plan.kept.has(path) && inRepo.has(prefix + path))
        indexLines.push(`0 ${'0'.repeat(40)}\t${prefix + path}`);
    }
    if (indexLines.length > 0) await run(['update-index', '--index-info'], indexLines.join('\n') + '\n');
    rmSync(staging, { recursive: true, force: true });
    phase('write');
    const changed =
      checkout.commit === ''
        ? indexLines.length > 0
        : (await run(['diff', '--cached', '--name-only', checkout.commit])).toString('utf8').trim() !== '';
    let commit = checkout.commit;
    if (changed) {
      await run(['commit', '-q', '--no-verify', '-m', payload.commitMessage ?? 'Export from Bindery']);
      commit = (await run(['rev-parse', 'HEAD'])).toString('utf8').trim();
      const pinned = pinnedAddressConfig(await checkedAddress(payload.url, deps.policy));
      await git(['push', '-q', 'origin', `HEAD:${payload.ref}`], {
        cwd: checkout.dir,
        timeoutMs: deps.limits.timeoutMs,
        credentials,
        config: pinned,
      });
    }
    phase('commit');
    await deps.states.recordSync(deps.db.manager, payload.spaceId, {
      timestamp: payload.timestamp ? new Date(payload.timestamp) : null,
      revisionId: content.revisionId,
      commit,
      paths: plan.ids,
    });
    logger.info({ spaceId: payload.spaceId, commit, changed }, 'git export done');
    const timing = Object.entries(phases)
      .map(([name, ms]) => `${name} ${ms} ms`)
      .join(', ');
    await ctx.progress(
      1,
      changed ? `exported as ${commit}; ${timing}` : `nothing to export: the branch already has this content; ${timing}`,
    );
  } finally {
    await checkout.remove();
    rmSync(`${checkout.dir}.out`, { recursive: true, force: true });
  }
}
