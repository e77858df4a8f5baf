import { IsIn, IsOptional, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import { IsEntityId } from './entity-id';
import { compiledCheckOf, emptyQueryOf } from './compiled-params';

class EntityParams {
  @IsEntityId()
  organizationId!: string;
}

class TransformedParams {
  @Transform(({ value }: { value: string }) => value.trim())
  @MaxLength(10)
  name!: string;
}

class GlobalPatternParams {
  @Matches(/a/g)
  name!: string;
}

describe('compiledCheckOf', () => {
  const check = compiledCheckOf(EntityParams)!;

  it('accepts a valid id as an instance of the DTO, other route params stripped', () => {
    const accepted = check({ organizationId: 'org_1-A', spaceId: 'x' });
    expect(accepted).toBeInstanceOf(EntityParams);
    expect({ ...accepted }).toEqual({ organizationId: 'org_1-A' });
  });

  it('leaves every invalid value to the full pipe', () => {
    expect(check({ organizationId: 'a b' })).toBeUndefined();
    expect(check({ organizationId: 'a'.repeat(65) })).toBeUndefined();
    expect(check({ organizationId: '' })).toBeUndefined();
    expect(check({})).toBeUndefined();
    expect(check({ organizationId: 1 })).toBeUndefined();
    expect(check(null)).toBeUndefined();
    expect(check(Object.create({ organizationId: 'inherited' }))).toBeUndefined();
  });

  it('compiles nothing for DTOs with transforms or stateful patterns', () => {
    expect(compiledCheckOf(TransformedParams)).toBeUndefined();
    expect(compiledCheckOf(GlobalPatternParams)).toBeUndefined();
  });
});

class OptionalQuery {
  @IsOptional()
  @IsIn(['true', 'false'])
  computed?: string;
}

class DerivedQuery extends OptionalQuery {
  @IsOptional()
  @MaxLength(5)
  format?: string;
}

class RequiredQuery {
  @IsOptional()
  @IsIn(['a'])
  given?: string;

  @MaxLength(5)
  query!: string;
}

class DefaultedQuery {
  @IsOptional()
  @IsIn(['a', 'b'])
  mode?: string = 'a';
}

class ConditionalQuery {
  @ValidateIf(() => true)
  @IsIn(['a'])
  mode?: string;
}

class TransformedQuery {
  @IsOptional()
  @Transform(({ value }: { value: string }) => value.trim())
  name?: string;
}

class UnvalidatedQuery {
  name?: string;
}

describe('emptyQueryOf', () => {
  it('builds a bare instance for a DTO of optional properties only, inherited ones included', () => {
    expect(emptyQueryOf(OptionalQuery)!()).toBeInstanceOf(OptionalQuery);
    expect({ ...emptyQueryOf(DerivedQuery)!() }).toEqual({});
  });

  it('leaves to the full pipe a DTO with a required property, a default, another condition, a transform or no rules', () => {
    expect(emptyQueryOf(RequiredQuery)).toBeUndefined();
    expect(emptyQueryOf(DefaultedQuery)).toBeUndefined();
    expect(emptyQueryOf(ConditionalQuery)).toBeUndefined();
    expect(emptyQueryOf(TransformedQuery)).toBeUndefined();
    expect(emptyQueryOf(UnvalidatedQuery)).toBeUndefined();
  });
});
