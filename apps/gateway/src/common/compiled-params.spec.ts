import { Matches, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { IsEntityId } from './entity-id';
import { compiledCheckOf } from './compiled-params';

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
