import {
  type JsonDocument,
  type List,
  type RequestContext,
  type Translation,
  TRANSLATION_RUN_JOB,
  type TranslationCreateInput,
  type TranslationListInput,
  type TranslationRef,
  type TranslationRunPayload,
  type TranslationUpdateInput,
} from '@bindery/contracts';
import {
  badRequest,
  callerId,
  enqueueJob,
  isAppError,
  newId,
  notFound,
  OrganizationAccessClient,
  pagedList,
  SpaceAccessClient,
} from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { instructionsProblem } from '../markup/instructions';
import { toWire } from './translation.mapper';
import { TranslationsRepository } from './translations.repository';

const NO_TRANSLATION = 'No matching translation found';

const EMPTY_DOCUMENT: JsonDocument = { object: 'document', data: {}, nodes: [] };

function checkInstructions(instructions: unknown): void {
  const problem = instructionsProblem(instructions);
  if (problem) throw badRequest(problem);
}

/**
 * Translations of an organization: members with a role read them (`translations.read`; a guest
 * gets the 404 of an unknown organization); members who may create content create, change,
 * delete and run them (`translations.write`: a run writes a space). The source space is checked
 * with content.
 */
@Injectable()
export class TranslationsService {
  constructor(
    private readonly repository: TranslationsRepository,
    private readonly organizations: OrganizationAccessClient,
    private readonly spaceAccess: SpaceAccessClient,
    private readonly db: DataSource,
  ) {}

  async list(ctx: RequestContext, input: TranslationListInput): Promise<List<Translation>> {
    const grant = await this.organizations.require(ctx, input.organizationId, 'translations.read');
    return pagedList(
      input,
      (take, after) => this.repository.listByOrganization(input.organizationId, take, after),
      (row) => [row.createdAt.toISOString(), row.id],
      (row) => toWire(row, ctx, grant.can('translations.write')),
    );
  }

  async get(ctx: RequestContext, ref: TranslationRef): Promise<Translation> {
    const grant = await this.organizations.require(ctx, ref.organizationId, 'translations.read');
    return toWire(await this.load(ref), ctx, grant.can('translations.write'));
  }

  async create(ctx: RequestContext, input: TranslationCreateInput): Promise<Translation> {
    await this.organizations.require(ctx, input.organizationId, 'translations.write');
    checkInstructions(input.instructions);
    const from = input.source.language ?? 'en';
    const source = await this.spaceAccess.require(ctx, input.source.space, 'view').catch((error: unknown) => {
      throw isAppError(error, 'not_found') ? notFound('source.space: no matching space found') : error;
    });
    if (source.organization !== input.organizationId) throw notFound('source.space: no matching space found');
    if (from === input.language) throw badRequest('language: must differ from source.language');
    // Any official language is accepted: whether the configured engine reaches it (directly or
    // through a pivot language) is found when the translation runs, and a run it cannot do fails
    // with its reason on the translation.
    const row = await this.repository.insert({
      id: newId(),
      organizationId: input.organizationId,
      sourceSpace: input.source.space,
      sourceLanguage: from,
      language: input.language,
      instructions: input.instructions ?? EMPTY_DOCUMENT,
      createdBy: callerId(ctx),
    });
    return toWire(row, ctx, true);
  }

  async update(ctx: RequestContext, input: TranslationUpdateInput): Promise<Translation> {
    await this.organizations.require(ctx, input.organizationId, 'translations.write');
    checkInstructions(input.instructions);
    await this.load(input);
    await this.repository.update(input.translationId, { instructions: input.instructions });
    return toWire((await this.repository.find(input.translationId))!, ctx, true);
  }

  /** Removes the translation and its run state; the translated space stays, as ordinary content. */
  async delete(ctx: RequestContext, ref: TranslationRef): Promise<void> {
    await this.organizations.require(ctx, ref.organizationId, 'translations.write');
    await this.repository.delete(ref.organizationId, ref.translationId);
  }

  /** Queues a run as a durable job; the worker runs one run of a translation at a time. */
  async run(ctx: RequestContext, ref: TranslationRef): Promise<void> {
    await this.organizations.require(ctx, ref.organizationId, 'translations.write');
    await this.db.transaction(async (manager) => {
      const row = await this.repository.findInOrganization(ref.organizationId, ref.translationId, manager, true);
      if (!row) throw notFound(NO_TRANSLATION);
      const seq = await this.repository.nextRunSeq(manager, row.id);
      if (row.status !== 'running') await this.repository.update(row.id, { status: 'pending' }, manager);
      const payload: TranslationRunPayload = {
        translationId: row.id,
        seq,
        userId: callerId(ctx),
        tokenId: ctx.caller!.tokenId,
        baseUrl: ctx.baseUrl,
      };
      await enqueueJob(manager, TRANSLATION_RUN_JOB, payload, { jobId: `${row.id}.${seq}` });
    });
  }

  private async load(ref: TranslationRef) {
    const row = await this.repository.findInOrganization(ref.organizationId, ref.translationId);
    if (!row) throw notFound(NO_TRANSLATION);
    return row;
  }
}
