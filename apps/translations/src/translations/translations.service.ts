import {
  IdentitySubjects,
  type JsonDocument,
  type List,
  type MemberRole,
  type RequestContext,
  roleAtLeast,
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
  forbidden,
  isAppError,
  newId,
  notFound,
  pagedList,
  SpaceAccessClient,
  unavailable,
} from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EngineError } from '../engines/engine';
import { Engines } from '../engines/engines';
import { instructionsProblem } from '../markup/instructions';
import { toWire } from './translation.mapper';
import { TranslationsRepository } from './translations.repository';

const NO_TRANSLATION = 'No matching translation found';
const NO_ORGANIZATION = 'No matching organization found';
/** Managing translations creates content (the translated space): the role that may create content. */
const EDIT_ROLE: MemberRole = 'create';

const EMPTY_DOCUMENT: JsonDocument = { object: 'document', data: {}, nodes: [] };

function checkInstructions(instructions: unknown): void {
  const problem = instructionsProblem(instructions);
  if (problem) throw badRequest(problem);
}

/**
 * Translations of an organization: members read them; members who may create content create,
 * change, delete and run them (a run writes a space). The source space is checked with content.
 */
@Injectable()
export class TranslationsService {
  constructor(
    private readonly repository: TranslationsRepository,
    private readonly services: ServiceClient,
    private readonly spaceAccess: SpaceAccessClient,
    private readonly engines: Engines,
    private readonly db: DataSource,
  ) {}

  async list(ctx: RequestContext, input: TranslationListInput): Promise<List<Translation>> {
    const role = await this.roleIn(ctx, input.organizationId);
    return pagedList(
      input,
      (take, after) => this.repository.listByOrganization(input.organizationId, take, after),
      (row) => [row.createdAt.toISOString(), row.id],
      (row) => toWire(row, ctx, roleAtLeast(role, EDIT_ROLE)),
    );
  }

  async get(ctx: RequestContext, ref: TranslationRef): Promise<Translation> {
    const role = await this.roleIn(ctx, ref.organizationId);
    return toWire(await this.load(ref), ctx, roleAtLeast(role, EDIT_ROLE));
  }

  async create(ctx: RequestContext, input: TranslationCreateInput): Promise<Translation> {
    await this.requireEditor(ctx, input.organizationId);
    checkInstructions(input.instructions);
    const from = input.source.language ?? 'en';
    const source = await this.spaceAccess.require(ctx, input.source.space, 'view').catch((error: unknown) => {
      throw isAppError(error, 'not_found') ? notFound('source.space: no matching space found') : error;
    });
    if (source.organization !== input.organizationId) throw notFound('source.space: no matching space found');
    if (from === input.language) throw badRequest('language: must differ from source.language');
    const engine = this.engines.forOrganization(input.organizationId);
    const supported = await engine.supports(from, input.language).catch((error: unknown) => {
      throw error instanceof EngineError
        ? unavailable(`The translation engine (${engine.name}) cannot be reached: ${error.message}`)
        : error;
    });
    if (!supported)
      throw badRequest(`language: the translation engine (${engine.name}) cannot translate from "${from}" to "${input.language}"`);
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
    await this.requireEditor(ctx, input.organizationId);
    checkInstructions(input.instructions);
    await this.load(input);
    await this.repository.update(input.translationId, { instructions: input.instructions });
    return toWire((await this.repository.find(input.translationId))!, ctx, true);
  }

  /** Removes the translation and its run state; the translated space stays, as ordinary content. */
  async delete(ctx: RequestContext, ref: TranslationRef): Promise<void> {
    await this.requireEditor(ctx, ref.organizationId);
    await this.repository.delete(ref.organizationId, ref.translationId);
  }

  /** Queues a run as a durable job; the worker runs one run of a translation at a time. */
  async run(ctx: RequestContext, ref: TranslationRef): Promise<void> {
    await this.requireEditor(ctx, ref.organizationId);
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

  /** The caller's role; 404 for a non-member or a guest, as for an unknown organization. */
  private async roleIn(ctx: RequestContext, organizationId: string): Promise<MemberRole> {
    const result = await this.services.send(IdentitySubjects.membershipGet, ctx, { organizationId, userId: callerId(ctx) });
    if (!result.member || !result.role) throw notFound(NO_ORGANIZATION);
    return result.role;
  }

  private async requireEditor(ctx: RequestContext, organizationId: string): Promise<void> {
    const role = await this.roleIn(ctx, organizationId);
    if (!roleAtLeast(role, EDIT_ROLE)) throw forbidden(`This needs the "${EDIT_ROLE}" role or higher in the organization`);
  }
}
