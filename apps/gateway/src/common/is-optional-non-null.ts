import { ValidateIf } from 'class-validator';

/**
 * Like @IsOptional(), but only for a missing property: an explicit `null` is still validated (and
 * so rejected by the other decorators). For fields that cannot be cleared, where @IsOptional()
 * would let a null through to a NOT NULL column.
 */
export const IsOptionalNonNull = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);
