import { type ArgumentMetadata, BadRequestException, type PipeTransform, ValidationPipe, type ValidationError } from '@nestjs/common';
import { compiledDtoCheckOf } from './compiled-dto';
import { compiledCheckOf, emptyQueryOf } from './compiled-params';

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
export const createValidationPipe = (): PipeTransform<unknown, unknown> =>
  new GatewayValidationPipe(
    new ValidationPipe({
      transform: true,
      whitelist: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => new BadRequestException(describeValidationErrors(errors).join('; ')),
    }),
  );

const isEmptyObject = (value: unknown): boolean => typeof value === 'object' && value !== null && Object.keys(value).length === 0;

/**
 * Path parameters whose DTO has only plain string rules are checked by a compiled check first
 * (see `compiledCheckOf`), and an empty query whose DTO has only optional properties is built at once
 * (`emptyQueryOf`); other queries and bodies of flat DTOs are checked by `compiledDtoCheckOf`. Each only
 * ever accepts: anything else, and everything they do not accept, takes Nest's pipe.
 *
 * What these paths accept, and a custom decorator's value (`@Ctx()`: Nest's pipe, without
 * `validateCustomDecorators`, returns it unchanged), are answered synchronously: Nest awaits every
 * pipe of every param, and an `async` transform (ours, then Nest's) cost two more promises per
 * param of every request for values that were already final.
 */
class GatewayValidationPipe implements PipeTransform<unknown, unknown> {
  constructor(private readonly nest: ValidationPipe) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    if (metadata.type === 'param' && metadata.metatype && metadata.data === undefined) {
      const accepted = compiledCheckOf(metadata.metatype)?.(value);
      if (accepted) return accepted;
    }
    if (metadata.type === 'query' && metadata.metatype && metadata.data === undefined && isEmptyObject(value)) {
      const build = emptyQueryOf(metadata.metatype);
      if (build) return build();
    }
    if ((metadata.type === 'query' || metadata.type === 'body') && metadata.metatype && metadata.data === undefined) {
      const accepted = compiledDtoCheckOf(metadata.metatype)?.(value);
      if (accepted) return accepted;
    }
    return this.nest.transform(value, metadata);
  }
}
