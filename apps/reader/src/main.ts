import { randomUUID } from 'node:crypto';
import type { RequestContext } from '@bindery/contracts';
import {
  connectAtStart,
  loadConfig,
  logger,
  markReady,
  natsConnectionOptions,
  runMain,
  ServiceClient,
  startMetricsServer,
} from '@bindery/platform';
import { ReaderEnv } from './config/reader.env';
import { listenForChanges } from './freshness/reader-events';
import { NatsContentSource } from './content/nats-content';
import { NatsGitLinks } from './content/git-links';
import { PageTreePool } from './content/page-tree-pool';
import { NatsFeedbackSink } from './feedback/feedback-sink';
import { NatsSpecSource } from './openapi/nats-specs';
import { ReaderService } from './http/reader.service';
import { buildServer } from './http/server';
import { NatsSiteDirectory } from './sites/nats-directory';
import { PageMarkdownPool } from './render/page-markdown-pool';

runMain(async () => {
  const env = loadConfig(ReaderEnv);
  const nc = await connectAtStart(natsConnectionOptions(env, 'reader'));
  const client = new ServiceClient(nc, env.RPC_TIMEOUT_MS);
  // The reader has no caller: every request it sends is callerless by contract.
  const context = (): RequestContext => ({ requestId: randomUUID(), baseUrl: env.READER_API_URL });
  const natsSites = new NatsSiteDirectory(client, context, env.READER_SITE_TTL_MS);
  // Content's replies with a new revision's page tree are read off the event loop (tens of MB for a large space).
  const pageTrees = new PageTreePool();
  const natsContent = new NatsContentSource(client, context, env.READER_REVALIDATE_MS, undefined, undefined, pageTrees);
  const git = new NatsGitLinks(client, context, env.READER_REVALIDATE_MS);
  listenForChanges(nc, {
    space: (spaceId) => {
      natsContent.invalidate(spaceId);
      git.invalidate(spaceId);
    },
    sites: () => natsSites.invalidate(),
  });
  const specs = new NatsSpecSource(client, context, env.READER_REVALIDATE_MS);
  const markdown = new PageMarkdownPool(env.READER_MARKDOWN_THREADS);
  const feedback = new NatsFeedbackSink(client, context);
  const reader = new ReaderService(natsSites, natsContent, {
    cacheBytes: env.READER_CACHE_MB * 1024 * 1024,
    specs,
    markdown,
    // The same threads render pages' costly blocks (API reference blocks, highlighted code, math).
    pageBlocks: markdown,
    feedback,
    git,
  });
  const app = buildServer(reader, {
    trustProxy: env.READER_TRUST_PROXY === 'true',
    rateLimitPerMinute: env.READER_RATE_LIMIT_PER_MINUTE,
  });
  await startMetricsServer('reader', env);
  await app.listen({ port: env.READER_PORT, host: env.READER_HOST });
  markReady();
  logger.info({ port: env.READER_PORT }, 'reader listening');
  const stop = async (): Promise<void> => {
    await app.close();
    await markdown.close();
    await pageTrees.close();
    await nc.drain();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
});
