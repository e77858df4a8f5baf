import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { type ContentRef, ContentSubjects, type PagesListResult, type RequestContext } from '@bindery/contracts';
import { logger } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayEnv } from '../../config/gateway.env';
import { type CachedTree, PageTreeCache } from './page-tree-cache';
import { acceptsGzip, matchesEtag } from './negotiation';

const gzipAsync = promisify(gzip);

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

  constructor(
    private readonly services: ServiceClient,
    env: GatewayEnv,
  ) {
    this.cache = new PageTreeCache(env.PAGE_TREE_CACHE_MB * 1024 * 1024);
  }

  /** Sets the reply's headers and returns its body for Nest to send (none for a 304). */
  async reply(request: FastifyRequest, reply: FastifyReply, ctx: RequestContext, ref: ContentRef): Promise<Buffer | undefined> {
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

  private async read(ctx: RequestContext, ref: ContentRef): Promise<{ tag: string; tree: CachedTree }> {
    const key = `${ref.spaceId}/${ref.changeRequestId ?? ''}`;
    const knownTag = this.cache.knownTag(key);
    const result = await this.services.send<PagesListResult>(ContentSubjects.pagesList, ctx, { ...ref, knownTag });
    if (result.rawJson !== undefined) return { tag: result.tag, tree: this.cache.set(key, result.tag, Buffer.from(result.rawJson)) };
    const cached = this.cache.get(result.tag);
    if (cached !== undefined) return { tag: result.tag, tree: cached };
    // Evicted by a concurrent request between the question and the answer: ask for the bytes.
    const full = await this.services.send<PagesListResult>(ContentSubjects.pagesList, ctx, { ...ref });
    return { tag: full.tag, tree: this.cache.set(key, full.tag, Buffer.from(full.rawJson ?? '')) };
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
