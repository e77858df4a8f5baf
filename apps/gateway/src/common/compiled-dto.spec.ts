import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { clone, shape, viaLibraries } from '../../test/validation-cases';
import { SearchQuery } from '../content/search/search.query';
import { compiledDtoCheckOf } from './compiled-dto';
import { IsEntityId } from './entity-id';
import { IsOptionalNonNull } from './is-optional-non-null';
import { PageQuery } from './page.query';

type Dto = new () => object;

/** The shape of the comment list's query: choices, an id, and a transformed list. */
class CommentListQuery extends PageQuery {
  @IsOptional()
  @IsIn(['all', 'open', 'resolved'])
  status?: string;

  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @IsOptional()
  @IsEntityId()
  targetPage?: string;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',') : value))
  @IsString({ each: true })
  authors?: string[];
}

/** The shape of the body that opens a change request. */
class CreateChangeRequestRequest {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  subject?: string;
}

class Flags {
  @IsOptionalNonNull()
  @IsBoolean()
  draft?: boolean;

  @IsDefined()
  @IsInt()
  count!: number;

  @ValidateIf((object: Flags) => object.count > 1)
  @IsString()
  label?: string;
}

class Inner {
  @IsString()
  name!: string;
}

class Nested {
  @ValidateNested()
  @Type(() => Inner)
  inner!: Inner;
}

/** A nested DTO (one object, or an array of them: class-transformer builds either) beside a free-form JSON value. */
class WithData {
  @ValidateNested({ each: true })
  @Type(() => Inner)
  inner!: Inner | Inner[];

  @IsOptional()
  @IsObject()
  data?: Record<string, unknown>;
}

class OptionalTransformed {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  name?: string;
}

/** Values of each DTO, valid and not, in queries (strings) and bodies (JSON). */
export const cases: Array<[Dto, 'query' | 'body', unknown[]]> = [
  [
    SearchQuery,
    'query',
    [
      { query: 'word' },
      { query: 'word', limit: '20', page: 'abc', extra: 'x' },
      { query: '' },
      { query: 'x'.repeat(513) },
      { query: ['a', 'b'] },
      {},
      { query: 'w', limit: '0' },
      { query: 'w', limit: '1.5' },
      { query: 'w', limit: 'ten' },
      { query: 'w', limit: ' 7 ' },
      { query: 'w', limit: '' },
    ],
  ],
  [
    CommentListQuery,
    'query',
    [
      { limit: '20' },
      { status: 'open', order: 'desc' },
      { status: 'closed' },
      { authors: 'u1,u2' },
      { targetPage: 'a b' },
      { limit: '200000' },
    ],
  ],
  [PageQuery, 'query', [{ page: 'p' }, { limit: '3' }, { page: 'x'.repeat(1025) }]],
  [
    CreateChangeRequestRequest,
    'body',
    [
      { subject: 'soak 1' },
      {},
      { subject: null },
      { subject: 5 },
      { subject: 'x'.repeat(101) },
      { subject: { a: 1 } },
      [],
      { subject: 's', other: true },
    ],
  ],
  [
    Flags,
    'body',
    [
      { count: 1 },
      { count: 2, label: 'l' },
      { count: 2 },
      { count: 1, label: 3 },
      { draft: null, count: 1 },
      { draft: true, count: 1 },
      { draft: 'yes', count: 1 },
      { count: null },
      {},
      { count: 1.5 },
    ],
  ],
  [Nested, 'body', [{ inner: { name: 'n' } }, { inner: { name: 5 } }, { inner: [{ name: 'n' }] }, { inner: null }, {}, { inner: 'n' }]],
  [OptionalTransformed, 'body', [{}, { name: ' n ' }]],
];

describe('compiledDtoCheckOf', () => {
  it.each(cases.flatMap(([metatype, , values]) => values.map((value) => [metatype.name, metatype, value] as const)))(
    '%s: accepts only what the pipe accepts, as the same instance (%#)',
    async (_name, metatype, value) => {
      const accepted = compiledDtoCheckOf(metatype)?.(clone(value));
      if (accepted === undefined) return;
      const expected = await viaLibraries(metatype, value);
      expect(expected).toBeDefined();
      expect(accepted).toBeInstanceOf(metatype);
      expect(shape(accepted)).toEqual(shape(expected!));
    },
  );

  it('accepts the queries and bodies of the soak’s reads and writes that have a flat DTO', () => {
    expect(compiledDtoCheckOf(SearchQuery)?.({ query: 'word' })).toEqual(Object.assign(new SearchQuery(), { query: 'word' }));
    expect(compiledDtoCheckOf(CommentListQuery)?.({ limit: '20' })).toEqual(Object.assign(new CommentListQuery(), { limit: 20 }));
    expect(compiledDtoCheckOf(CreateChangeRequestRequest)?.({ subject: 'soak 1' })).toBeInstanceOf(CreateChangeRequestRequest);
    expect(compiledDtoCheckOf(Flags)?.({ count: 2, label: 'l', draft: false })).toBeInstanceOf(Flags);
  });

  it('builds nested DTOs (an object, an array of them) and keeps free-form values, as the libraries do', async () => {
    for (const value of [
      { inner: { name: 'n' } },
      { inner: [{ name: 'a' }, { name: 'b' }] },
      { inner: { name: 'n' }, data: { a: [1, { b: null }] } },
    ]) {
      const accepted = compiledDtoCheckOf(WithData)?.(clone(value));
      expect(accepted).toBeInstanceOf(WithData);
      expect(shape(accepted)).toEqual(shape(await viaLibraries(WithData, value)));
    }
  });

  it('leaves to the full pipe a free-form value the pipe would change, and a nested object with a property it does not validate', () => {
    const check = compiledDtoCheckOf(WithData)!;
    for (const key of ['constructor', 'prototype', 'hasOwnProperty', '__proto__'])
      expect(check(JSON.parse(`{"inner":{"name":"n"},"data":{"x":{"${key}":1}}}`))).toBeUndefined();
    expect(check({ inner: { name: 'n', other: 1 } })).toBeUndefined();
    expect(check({ inner: { name: 'n' }, other: 1 })).toBeDefined();
    expect(check({ inner: [[{ name: 'n' }]] })).toBeUndefined();
  });

  it('leaves to the full pipe what it cannot decide: a transformed property, a failed rule', () => {
    expect(compiledDtoCheckOf(OptionalTransformed)?.({ name: ' n ' })).toBeUndefined();
    expect(compiledDtoCheckOf(OptionalTransformed)?.({})).toBeInstanceOf(OptionalTransformed);
    expect(compiledDtoCheckOf(CommentListQuery)?.({ authors: 'u1' })).toBeUndefined();
    expect(compiledDtoCheckOf(CreateChangeRequestRequest)?.({ subject: { a: 1 } })).toBeUndefined();
    expect(compiledDtoCheckOf(CreateChangeRequestRequest)?.([])).toBeUndefined();
    expect(compiledDtoCheckOf(Flags)?.({ count: 2 })).toBeUndefined();
  });
});
