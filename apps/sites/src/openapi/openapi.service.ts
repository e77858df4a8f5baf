import {
  type List,
  OPENAPI_PROCESS_JOB,
  type OpenApiCreateInput,
  type OpenApiForSiteInput,
  type OpenApiForSiteResult,
  type OpenApiListInput,
  type OpenApiProcessPayload,
  type OpenApiPublishedInput,
  type OpenApiPublishedResult,
  type OpenApiPutInput,
  type OpenApiPutResult,
  type OpenApiSpec,
  type OpenApiSpecContent,
  type OpenApiSpecInput,
  type OpenApiSpecRawContent,
  type OpenApiSpecVersion,
  type OpenApiUpdateInput,
  type OpenApiVersionInput,
  type OpenApiVersionListInput,
  OPENAPI_VISIBILITIES,
  type RequestContext,
} from '@bindery/contracts';
import { AddressPolicy, badRequest, conflict, enqueueJob, newId, notFound, OrganizationAccessClient, pagedList } from '@bindery/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OpenApiSpecRow } from './openapi-spec.row';
import { OPENAPI_ENV } from './openapi.tokens';
import type { OpenApiEnv } from './openapi.env';
import { publishedUrl, toSpec, toVersion } from './openapi.mapper';
import { OpenApiRepository, type SpecSource } from './openapi.repository';
import { checkSlug, checkSource, checkUrlAddress } from './source-rules';

/** The name of the bundled document in a version's filesystem. */
export const BUNDLED_FILE = 'openapi.json';

@Injectable()
export class OpenApiService {
  private readonly policy: AddressPolicy;

  constructor(
    private readonly specs: OpenApiRepository,
    private readonly access: OrganizationAccessClient,
    @Inject(OPENAPI_ENV) env: OpenApiEnv,
  ) {
    this.policy = AddressPolicy.fromList(env.OPENAPI_FETCH_ALLOW_PRIVATE_HOSTS);
  }

  async list(ctx: RequestContext, input: OpenApiListInput): Promise<List<OpenApiSpec>> {
    const grant = await this.access.require(ctx, input.organizationId, 'openapi.read');
    return pagedList(
      input,
      (take, after) => this.specs.list(input.organizationId, take, after),
      (row) => [row.createdAt, row.id],
      (row) => toSpec(ctx, row, grant.can('openapi.write')),
    );
  }

  async get(ctx: RequestContext, input: OpenApiSpecInput): Promise<OpenApiSpec> {
    const grant = await this.access.require(ctx, input.organizationId, 'openapi.read');
    return toSpec(ctx, await this.found(input), grant.can('openapi.write'));
  }

  async create(ctx: RequestContext, input: OpenApiCreateInput): Promise<OpenApiSpec> {
    // Authorize first: checking the source resolves its host, which a stranger must not learn.
    await this.access.require(ctx, input.organizationId, 'openapi.write');
    const slug = checkSlug(input.slug);
    const source = await this.checkedSource(input.source);
    const id = newId();
    // The answer is the spec as created (pending), read before the commit: read after it, the
    // worker may already have taken the job and answered `progress` for a spec just made.
    const created = await this.specs.manager.transaction(async (tx) => {
      if (!(await this.specs.insert(tx, { id, organizationId: input.organizationId, slug, source }))) {
        throw conflict(`slug: the organization already has an OpenAPI spec "${slug}"`);
      }
      await this.enqueue(tx, id, 1);
      return (await this.specs.findById(id, tx))!;
    });
    return toSpec(ctx, created, true);
  }

  /** Creates the spec or gives it a new source; either way it is processed again (a URL is fetched again). */
  async put(ctx: RequestContext, input: OpenApiPutInput): Promise<OpenApiPutResult> {
    await this.access.require(ctx, input.organizationId, 'openapi.write');
    const slug = checkSlug(input.specSlug, 'specSlug');
    const source = await this.checkedSource(input.source);
    // As `create`, the answer is read before the commit: the spec as given its new source (pending).
    const { row, created } = await this.specs.manager.transaction(async (tx) => {
      const existing = await this.specs.findBySlug(input.organizationId, slug, tx, true);
      if (existing) {
        await this.enqueue(tx, existing.id, await this.specs.replaceSource(tx, existing.id, source));
        return { row: (await this.specs.findById(existing.id, tx))!, created: false };
      }
      const id = newId();
      // A concurrent PUT of the same slug inserted first: its row is updated instead, next time.
      if (!(await this.specs.insert(tx, { id, organizationId: input.organizationId, slug, source }))) {
        throw conflict(`specSlug: the spec "${slug}" was created meanwhile; try again`);
      }
      await this.enqueue(tx, id, 1);
      return { row: (await this.specs.findById(id, tx))!, created: true };
    });
    return { spec: toSpec(ctx, row, true), created };
  }

  async update(ctx: RequestContext, input: OpenApiUpdateInput): Promise<OpenApiSpec> {
    await this.access.require(ctx, input.organizationId, 'openapi.write');
    if (!OPENAPI_VISIBILITIES.includes(input.visibility)) throw badRequest('visibility: must be private or public');
    const spec = await this.found(input);
    await this.specs.setVisibility(spec.id, input.visibility);
    return toSpec(ctx, (await this.specs.findById(spec.id))!, true);
  }

  /** Deletes the spec, its versions and its public link; nothing to delete is not an error. */
  async delete(ctx: RequestContext, input: OpenApiSpecInput): Promise<void> {
    await this.access.require(ctx, input.organizationId, 'openapi.write');
    await this.specs.delete(input.organizationId, input.specSlug);
  }

  async listVersions(ctx: RequestContext, input: OpenApiVersionListInput): Promise<List<OpenApiSpecVersion>> {
    await this.access.require(ctx, input.organizationId, 'openapi.read');
    const spec = await this.found(input);
    return pagedList(
      input,
      (take, after) => this.specs.listVersions(spec.id, take, after),
      (row) => [row.createdAt, row.id],
      (row) => toVersion(ctx, spec, row),
    );
  }

  async getVersion(ctx: RequestContext, input: OpenApiVersionInput): Promise<OpenApiSpecVersion> {
    const { spec, version } = await this.foundVersion(ctx, input);
    return toVersion(ctx, spec, version);
  }

  async versionContent(ctx: RequestContext, input: OpenApiVersionInput): Promise<OpenApiSpecContent> {
    const { spec, version } = await this.foundVersion(ctx, input);
    const body = await this.specs.document(version.contentHash);
    const location = toVersion(ctx, spec, version).urls.location;
    return {
      filesystem: { [BUNDLED_FILE]: JSON.parse(body!) as unknown },
      urls: {
        source: version.url ?? `${location}/content`,
        public: spec.visibility === 'public' ? publishedUrl(ctx.baseUrl, spec.id) : null,
      },
    };
  }

  async latestRaw(ctx: RequestContext, input: OpenApiSpecInput): Promise<OpenApiSpecRawContent> {
    const { version } = await this.foundVersion(ctx, { ...input, versionId: 'latest' });
    return { text: (await this.specs.document(version.rawHash))!, format: version.rawFormat };
  }

  /**
   * The public link: the newest version of a public spec, or a 304-style answer when the client's
   * tag is current. A private spec, or one without a version yet, is a 404 like an unknown id.
   */
  async published(input: OpenApiPublishedInput): Promise<OpenApiPublishedResult> {
    const hash = typeof input.specId === 'string' ? await this.specs.publishedHash(input.specId) : undefined;
    if (!hash) throw notFound('No published OpenAPI spec at this address');
    const etag = `"${hash}"`;
    if (input.ifNoneMatch !== undefined && input.ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return { etag, notModified: true };
    }
    return { etag, notModified: false, json: await this.specs.document(hash) };
  }

  /**
   * The reader's read of a spec referenced by a published page (callerless): a spec of the
   * organization that owns the site (the reader passes the organization the sites service found),
   * by slug, newest processed version; only its hash when the reader holds it already.
   */
  async forSite(input: OpenApiForSiteInput): Promise<OpenApiForSiteResult> {
    if (typeof input.organizationId !== 'string' || typeof input.specSlug !== 'string')
      throw badRequest('organizationId and specSlug are required');
    const spec = await this.found(input);
    const version = spec.lastVersionId ? await this.specs.version(spec.id, spec.lastVersionId) : undefined;
    if (!version) throw notFound('The OpenAPI spec has no processed version yet');
    const newest = { hash: version.contentHash, versionAt: version.createdAt };
    if (input.knownHash === version.contentHash) return newest;
    return { ...newest, json: (await this.specs.document(version.contentHash))! };
  }

  private async foundVersion(ctx: RequestContext, input: OpenApiVersionInput) {
    await this.access.require(ctx, input.organizationId, 'openapi.read');
    const spec = await this.found(input);
    const versionId = input.versionId === 'latest' ? spec.lastVersionId : input.versionId;
    const version = versionId ? await this.specs.version(spec.id, versionId) : undefined;
    if (!version)
      throw notFound(input.versionId === 'latest' ? 'The OpenAPI spec has no processed version yet' : 'No version with this id');
    return { spec, version };
  }

  private async found(input: OpenApiSpecInput): Promise<OpenApiSpecRow> {
    const spec = typeof input.specSlug === 'string' ? await this.specs.findBySlug(input.organizationId, input.specSlug) : undefined;
    if (!spec) throw notFound('No OpenAPI spec with this slug');
    return spec;
  }

  private async checkedSource(input: OpenApiCreateInput['source']): Promise<SpecSource> {
    const source = checkSource(input);
    if (source.url) await checkUrlAddress(source.url, this.policy);
    return source;
  }

  private enqueue(tx: EntityManager, specId: string, generation: number): Promise<string> {
    const payload: OpenApiProcessPayload = { specId, generation };
    return enqueueJob(tx, OPENAPI_PROCESS_JOB, payload, { jobId: `openapi-${specId}-${generation}` });
  }
}
