import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

/** Flattens nested class-validator errors into "path.to.field: reason" lines. */
export function describeValidationErrors(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // class-validator's messages already start with the property name; nested ones get their parent path.
    const own = Object.values(error.constraints ?? {}).map((reason) => (parent ? `${parent}.${reason}` : reason));
    return [...own, ...describeValidationErrors(error.children ?? [], path)];
  });
}

/**
 * Validates bodies, queries and path params against their DTOs. Unknown properties are stripped
 * (official clients may send fields we do not use); the 400 names every offending field.
 */
export const createValidationPipe = (): ValidationPipe =>
  new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException(describeValidationErrors(errors).join('; ')),
  });
