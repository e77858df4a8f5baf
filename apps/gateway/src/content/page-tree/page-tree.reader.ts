import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type ContentRef, ContentSubjects, type PagesListResult, type RequestContext } from '@bindery/contracts';
import { addScrapedGauge, logger, readTreeParts } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayEnv } from '../../config/gateway.env';
import { type CachedTree, PageTreeCache } from './page-tree-cache';
import { joinJsonObjects } from './json-join';
import { acceptsGzip, matchesEtag } from './negotiation';

const gzipAsync = promisify(gzip);

/**
 * How long a tree read waits for content: a tree not yet serialised is built from every body of
 * the revision (a 1,000-page space: ~100 MB, seconds), well past the ordinary request timeout.
 */
const TREE_TIMEOUT_MS = 60_000;

/**
 * Serves `…/content/pages`. Content checks access and names the current tree's tag on every
 * request; the ~20 MB body of a large space crosses NATS only when the gateway does not hold
 * that tag yet. The tag is also the ETag, so a client that has the tree gets a 304, and a client
 * that accepts gzip gets the tree compressed once per tag (a tenth of the bytes).
 */
@Injectable()
export class PageTreeReader {
  private readonly cache: PageTreeCache;
  private readonly compressing = new Set<string>();
  private readonly warming = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly services: ServiceClient,
    env: GatewayEnv,
  ) {
    this.cache = new PageTreeCache(env.PAGE_TREE_CACHE_MB * 1024 * 1024);
    // Read at scrape time: what the cache holds shows beside the process's memory.
    addScrapedGauge(
      'bindery_page_tree_cache_bytes',
      'Bytes of serialised page trees the gateway holds (bound: PAGE_TREE_CACHE_MB)',
      [],
      () => Promise.resolve([{ labels: {}, value: this.cache.size.bytes }]),
    );
  }

  /** Sets the reply's headers and returns its body for Nest to send (none for a 304). */
  async reply(request: FastifyRequest, reply: FastifyReply, ctx: RequestContext, ref: TreeRef): Promise<Buffer | undefined> {
    const { tag, tree } = await this.read(ctx, ref);
    // Weak: the plain and the gzip form are the same tree, and either satisfies a revalidation.
    void reply.header('etag', `W/"${tag}"`).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding');
    if (matchesEtag(request.headers['if-none-match'], tag)) {
      void reply.status(304);
      return undefined;
    }
    void reply.header('content-type', 'application/json; charset=utf-8');
    if (!acceptsGzip(request.headers['accept-encoding'])) return tree.body;
    if (tree.gzipped) {
      void reply.header('content-encoding', 'gzip');
      return tree.gzipped;
    }
    // Compressing 20 MB takes a while: this reply goes plain, later ones get the gzip form.
    this.compressInBackground(tag, tree.body);
    return tree.body;
  }

  /**
   * Reads a space's new tree shortly after a merge, so the first reader finds it ready in both
   * caches instead of waiting for a 20 MB build. A burst of merges warms once, after the last.
   */
  warmSoon(ctx: RequestContext, ref: TreeRef, delayMs = 1000): void {
    const key = refKey(ref);
    clearTimeout(this.warming.get(key));
    const timer = setTimeout(() => {
      this.warming.delete(key);
      this.read(ctx, ref).catch((err: unknown) => logger.debug({ err, requestId: ctx.requestId }, 'page tree warm-up failed'));
    }, delayMs);
    this.warming.set(key, timer.unref());
  }

  /**
   * `…/content`: the revision comes from content without its tree, and the tree from the same
   * cache as `…/content/pages`. Not cacheable as a whole: files carry freshly signed URLs.
   */
  async revision(reply: FastifyReply, ctx: RequestContext, ref: TreeRef): Promise<Buffer> {
    const key = refKey(ref);
    const result = await this.services.send(
      ContentSubjects.revisionGet,
      ctx,
      { ...ref, knownTag: this.cache.knownTag(key) },
      TREE_TIMEOUT_MS,
    );
    const { tree } = await this.treeOf(key, result.pages, ctx, ref);
    void reply.header('content-type', 'application/json; charset=utf-8');
    return joinJsonObjects(Buffer.from(JSON.stringify(result.revision)), tree.body);
  }

  private async read(ctx: RequestContext, ref: TreeRef): Promise<{ tag: string; tree: CachedTree }> {
    const key = refKey(ref);
    const result = await this.services.send(
      ContentSubjects.pagesList,
      ctx,
      { ...ref, knownTag: this.cache.knownTag(key) },
      TREE_TIMEOUT_MS,
    );
    return this.treeOf(key, result, ctx, ref);
  }

  /** The tree content named: the bytes it sent (all its parts), or the cached ones for the tag. */
  private async treeOf(
    key: string,
    result: PagesListResult,
    ctx: RequestContext,
    ref: TreeRef,
  ): Promise<{ tag: string; tree: CachedTree }> {
    const sent = await this.joinParts(result, ctx, ref);
    if (sent !== null) return { tag: result.tag, tree: this.cache.set(key, result.tag, Buffer.from(sent)) };
    const cached = this.cache.get(result.tag);
    if (cached !== undefined) return { tag: result.tag, tree: cached };
    // Evicted by a concurrent request between the question and the answer: ask for the bytes.
    const full = await this.services.send(ContentSubjects.pagesList, ctx, { ...ref }, TREE_TIMEOUT_MS);
    return { tag: full.tag, tree: this.cache.set(key, full.tag, Buffer.from((await this.joinParts(full, ctx, ref)) ?? '')) };
  }

  /** A large space's tree comes in parts (one NATS message carries at most 64 MiB): the later ones are read here. */
  private joinParts(result: PagesListResult, ctx: RequestContext, ref: ContentRef): Promise<string | null> {
    return readTreeParts(result, (index) =>
      this.services.send(ContentSubjects.pagesList, ctx, { ...ref, part: { tag: result.tag, index } }, TREE_TIMEOUT_MS),
    );
  }

  private compressInBackground(tag: string, body: Buffer): void {
    if (this.compressing.has(tag)) return;
    this.compressing.add(tag);
    gzipAsync(body)
      .then((gzipped) => this.cache.addGzipped(tag, gzipped))
      .catch((err: unknown) => logger.warn({ err, tag }, 'page tree compression failed'))
      .finally(() => this.compressing.delete(tag));
  }
}

/** Which tree: a space's or a change request's, computed (the default) or not (`computed=false`). */
export type TreeRef = ContentRef & { computed?: boolean };

const refKey = (ref: TreeRef): string => `${ref.spaceId}/${ref.changeRequestId ?? ''}${ref.computed === false ? '/uncomputed' : ''}`;
