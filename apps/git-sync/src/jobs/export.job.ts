import { mkdirSync, readFileSync, writeFileSync, existsSync, lstatSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { ContentSubjects, GitSyncJobs } from '@bindery/contracts';
import { defineJob, type JobContext, type JobDefinition, logger } from '@bindery/platform';
import { git } from '../git/git-cli';
import { checkedAddress } from '../git/remote-url';
import { planExport } from '../format/export-tree';
import type { GitJobPayload } from '../sync/git-job';
import { fetchBranch } from './checkout';
import { sortingFailures } from './failures';
import { type GitJobDeps, isStale, jobContext } from './import.job';

/**
 * Exports a space's current revision to a branch: writes the page files, SUMMARY.md and assets
 * over a shallow checkout (files of the repository that are not part of the space stay as they
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
  const credentials = payload.sealedCredentials ? deps.sealer.open(payload.sealedCredentials) : undefined;
  // Phase times (ms) go into the job's message, as for imports.
  const phases: Record<string, number> = {};
  let phaseStart = performance.now();
  const phase = (name: string) => {
    phases[name] = Math.round(performance.now() - phaseStart);
    phaseStart = performance.now();
  };
  const content = await deps.content.send(ContentSubjects.importRead, jobContext(payload), { spaceId: payload.spaceId });
  phase('read');
  const checkout = await fetchBranch({
    workRoot: deps.workRoot,
    url: payload.url,
    credentials,
    ref: payload.ref,
    policy: deps.policy,
    limits: deps.limits,
    checkout: true,
    allowMissing: true,
    signal: ctx.signal,
  });
  try {
    const root = payload.projectDir ? join(checkout.dir, payload.projectDir) : checkout.dir;
    phase('fetch');
    const plan = planExport(
      content,
      state?.paths ?? { pages: {}, files: {} },
      checkout.commit !== '' && checkout.commit === state?.lastCommit,
    );
    const writeIfChanged = (path: string, bytes: Buffer) => {
      const full = join(root, path);
      // A path through a symlink of the checkout could leave it: core.symlinks=false writes them as files.
      if (!full.startsWith(checkout.dir + '/')) throw new Error(`export path ${path} leaves the checkout`);
      if (existsSync(full) && lstatSync(full).isFile() && readFileSync(full).equals(bytes)) return;
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, bytes);
    };
    for (const [path, text] of plan.texts) writeIfChanged(path, Buffer.from(text, 'utf8'));
    for (const [path, file] of plan.files) {
      const full = join(root, path);
      if (existsSync(full)) continue; // assets are named by content once written
      const { base64 } = await deps.content.send(ContentSubjects.importReadFile, jobContext(payload), {
        spaceId: payload.spaceId,
        hash: file.hash,
      });
      writeIfChanged(path, Buffer.from(base64, 'base64'));
    }
    // Pages removed from the space since the last sync: their files go too (only files the sync wrote).
    for (const key of Object.keys(state?.paths.pages ?? {})) {
      const path = key.replace(/#\d+$/, '');
      if (!key.includes(':') && !plan.texts.has(path) && !plan.kept.has(path) && existsSync(join(root, path)))
        await git(['rm', '-q', '--', posix.join(payload.projectDir || '.', path)], {
          cwd: checkout.dir,
          timeoutMs: deps.limits.timeoutMs,
        });
    }
    const run = (args: string[]) => git(args, { cwd: checkout.dir, timeoutMs: deps.limits.timeoutMs, signal: ctx.signal });
    phase('write');
    await run(['add', '-A']);
    const status = (await run(['status', '--porcelain'])).toString('utf8').trim();
    let commit = checkout.commit;
    if (status !== '') {
      await run(['commit', '-q', '--no-verify', '-m', payload.commitMessage ?? 'Export from Bindery']);
      commit = (await run(['rev-parse', 'HEAD'])).toString('utf8').trim();
      const { host, port, address } = await checkedAddress(payload.url, deps.policy);
      await git(['push', '-q', 'origin', `HEAD:${payload.ref}`], {
        cwd: checkout.dir,
        timeoutMs: deps.limits.timeoutMs,
        credentials,
        config: { 'http.curloptResolve': `${host}:${port}:${address}` },
      });
    }
    phase('commit');
    await deps.states.recordSync(deps.db.manager, payload.spaceId, {
      timestamp: payload.timestamp ? new Date(payload.timestamp) : null,
      revisionId: content.revisionId,
      commit,
      paths: plan.ids,
    });
    logger.info({ spaceId: payload.spaceId, commit, changed: status !== '' }, 'git export done');
    const timing = Object.entries(phases)
      .map(([name, ms]) => `${name} ${ms} ms`)
      .join(', ');
    await ctx.progress(
      1,
      status !== '' ? `exported as ${commit}; ${timing}` : `nothing to export: the branch already has this content; ${timing}`,
    );
  } finally {
    checkout.remove();
  }
}
