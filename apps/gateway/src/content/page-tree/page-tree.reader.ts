import { type ContentRef, ContentSubjects, type PagesListResult, type RequestContext } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { GatewayEnv } from '../../config/gateway.env';
import { matchesEtag } from './etag';
import { PageTreeCache } from './page-tree-cache';

/**
 * Serves `…/content/pages`. Content checks access and names the current tree's tag on every
 * request; the ~20 MB body of a large space crosses NATS only when the gateway does not hold
 * that tag yet. The tag is also the ETag, so a client that has the tree gets a 304.
 */
@Injectable()
export class PageTreeReader {
  private readonly cache: PageTreeCache;

  constructor(
    private readonly services: ServiceClient,
    env: GatewayEnv,
  ) {
    this.cache = new PageTreeCache(env.PAGE_TREE_CACHE_MB * 1024 * 1024);
  }

  /** Sends the tree as the reply's body (returned for Nest to send), or a 304 when `ifNoneMatch` names it. */
  async reply(reply: FastifyReply, ctx: RequestContext, ref: ContentRef, ifNoneMatch: string | undefined): Promise<Buffer | undefined> {
    const { tag, body } = await this.read(ctx, ref);
    void reply.header('etag', `"${tag}"`).header('cache-control', 'private, no-cache');
    if (matchesEtag(ifNoneMatch, tag)) {
      void reply.status(304);
      return undefined;
    }
    void reply.header('content-type', 'application/json; charset=utf-8');
    return body;
  }

  private async read(ctx: RequestContext, ref: ContentRef): Promise<{ tag: string; body: Buffer }> {
    const key = `${ref.spaceId}/${ref.changeRequestId ?? ''}`;
    const knownTag = this.cache.knownTag(key);
    const result = await this.services.send<PagesListResult>(ContentSubjects.pagesList, ctx, { ...ref, knownTag });
    if (result.rawJson !== undefined) {
      const body = Buffer.from(result.rawJson);
      this.cache.set(key, result.tag, body);
      return { tag: result.tag, body };
    }
    const cached = this.cache.get(result.tag);
    if (cached !== undefined) return { tag: result.tag, body: cached };
    // Evicted by a concurrent request between the question and the answer: ask for the bytes.
    const full = await this.services.send<PagesListResult>(ContentSubjects.pagesList, ctx, { ...ref });
    const body = Buffer.from(full.rawJson ?? '');
    this.cache.set(key, full.tag, body);
    return { tag: full.tag, body };
  }
}
