import 'reflect-metadata';
import { type ArgumentMetadata, BadRequestException, type PipeTransform, ValidationPipe } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { CommentListQuery, PostCommentRequest } from '../../src/collaboration/dto/comment.request';
import { UpdateChangeRequestContentRequest } from '../../src/content/dto/content-changes.request';
import { CreateChangeRequestRequest } from '../../src/content/dto/change-request.request';
import { SearchQuery } from '../../src/content/search/search.query';
import { OrganizationParams } from '../../src/identity/dto/organization.params';
import { createValidationPipe, describeValidationErrors } from '../../src/common/validation.pipe';
import { commentBodies, editBodies, shape } from '../validation-cases';

/** Nest's own pipe with the gateway's options, without its fast paths: what the gateway must answer alike. */
const nest = new ValidationPipe({
  transform: true,
  whitelist: true,
  forbidUnknownValues: true,
  validationError: { target: false, value: false },
  exceptionFactory: (errors) => new BadRequestException(describeValidationErrors(errors).join('; ')),
});
const gateway = createValidationPipe();

const cases: Array<[ArgumentMetadata, unknown]> = [
  ...[
    { query: 'word' },
    { query: 'w', limit: '20', page: 'p', other: 'x' },
    { query: '' },
    { query: 'w', limit: '0' },
    { query: ['a', 'b'] },
    {},
  ].map((value): [ArgumentMetadata, unknown] => [{ type: 'query', metatype: SearchQuery }, value]),
  ...[{ limit: '20' }, { status: 'closed' }, { authors: 'u1,u2' }, { order: 'asc', targetPage: 'p_1' }].map(
    (value): [ArgumentMetadata, unknown] => [{ type: 'query', metatype: CommentListQuery }, value],
  ),
  ...[{ subject: 'soak 1' }, {}, { subject: null }, { subject: 5 }, { subject: 'x'.repeat(101) }, [], undefined].map(
    (value): [ArgumentMetadata, unknown] => [{ type: 'body', metatype: CreateChangeRequestRequest }, value],
  ),
  [{ type: 'param', metatype: OrganizationParams }, { organizationId: 'a b' }],
];

/** The instance's class and own properties in order, or the 400's message. */
const outcome = (pipe: PipeTransform, [metadata, value]: [ArgumentMetadata, unknown]): Promise<unknown> =>
  // The gateway's pipe answers what it accepts synchronously, Nest's always with a promise.
  Promise.resolve()
    .then((): unknown => pipe.transform(structuredClone(value), metadata))
    .then(
      (result: unknown) => shape(result),
      (error: Error) => ({
        error: error.constructor.name,
        message: error.message,
        response: (error as { getResponse?: () => unknown }).getResponse?.(),
      }),
    );

describe('the gateway’s validation pipe', () => {
  it.each(cases.map((c, i) => [i, c] as const))('answers as Nest’s pipe does (%i)', async (_i, c) => {
    expect(await outcome(gateway, c)).toEqual(await outcome(nest, c));
  });
});

describe('the gateway’s validation pipe on nested bodies (the compiled check of nested DTOs)', () => {
  it.each([
    ['the change-request edit', UpdateChangeRequestContentRequest, editBodies()],
    ['the comment', PostCommentRequest, commentBodies()],
  ] as const)('answers %s bodies as Nest’s pipe does', async (_name, metatype, bodies) => {
    const differences: unknown[] = [];
    for (const body of bodies) {
      const metadata: ArgumentMetadata = { type: 'body', metatype };
      const [fast, full] = [await outcome(gateway, [metadata, body]), await outcome(nest, [metadata, body])];
      if (JSON.stringify(fast) !== JSON.stringify(full)) differences.push({ body, fast, full });
    }
    expect(differences).toEqual([]);
  });
});

describe('the gateway’s validation pipe, for values that are final', () => {
  // Nest awaits each pipe of each param: a value that is already final needs no promise of its own.
  it('answers a custom decorator’s value (`@Ctx()`) as it is, synchronously', () => {
    const ctx = { requestId: 'r1' };
    expect(gateway.transform(ctx, { type: 'custom', metatype: Object })).toBe(ctx);
  });

  it('answers accepted params, queries and bodies synchronously, as instances of their DTO', () => {
    expect(gateway.transform({ organizationId: 'org_1' }, { type: 'param', metatype: OrganizationParams })).toBeInstanceOf(
      OrganizationParams,
    );
    expect(gateway.transform({}, { type: 'query', metatype: CommentListQuery })).toBeInstanceOf(CommentListQuery);
    const body = gateway.transform({ subject: 'soak 1' }, { type: 'body', metatype: CreateChangeRequestRequest });
    expect(body).toBeInstanceOf(CreateChangeRequestRequest);
    expect({ ...(body as CreateChangeRequestRequest) }).toEqual({ subject: 'soak 1' });
  });

  it('still refuses what breaks a rule, with the 400 naming the field', async () => {
    const refused = Promise.resolve().then(() =>
      gateway.transform({ subject: 'x'.repeat(101) }, { type: 'body', metatype: CreateChangeRequestRequest }),
    );
    await expect(refused).rejects.toThrow(BadRequestException);
    await expect(refused).rejects.toThrow(/subject/);
  });
});
