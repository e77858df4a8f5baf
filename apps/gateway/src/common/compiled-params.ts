import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/** A DTO class; Nest's `ArgumentMetadata.metatype`. */
export type Dto = new () => Record<string, unknown>;

/** `compile` run once per DTO class: its answer (a check, or none) is kept for the class. */
export function oncePerClass<T>(compile: (metatype: Dto) => T | undefined): (metatype: object) => T | undefined {
  const compiled = new Map<object, T | null>();
  return (metatype) => {
    let check = compiled.get(metatype);
    if (check === undefined) {
      check = compile(metatype as Dto) ?? null;
      compiled.set(metatype, check);
    }
    return check ?? undefined;
  };
}

/** Class-level class-transformer metadata (`@Expose`, `@Exclude`, a strategy) that a compiled check does not follow. */
export function transformsClass(metatype: Dto): boolean {
  return (
    defaultMetadataStorage.getExposedMetadatas(metatype).length > 0 ||
    defaultMetadataStorage.getExcludedMetadatas(metatype).length > 0 ||
    defaultMetadataStorage.getStrategy(metatype) !== 'none'
  );
}

/** Accepts a value (then answers the DTO instance the full pipeline would build) or answers undefined. */
export type CompiledCheck = (value: unknown) => Record<string, unknown> | undefined;

/** The rules a compiled check knows, each at least as strict as class-validator's own. */
const RULES: Record<string, (constraints: unknown[]) => ((value: string) => boolean) | undefined> = {
  // validator.js `matches`: `pattern.test(value)`; a global or sticky pattern keeps state, so it is left to class-validator.
  matches: ([pattern, modifiers]) =>
    pattern instanceof RegExp && !pattern.global && !pattern.sticky && modifiers === undefined ? (value) => pattern.test(value) : undefined,
  // validator.js `isLength` counts a surrogate pair as one character, so `value.length` is never shorter.
  maxLength: ([max]) => (typeof max === 'number' ? (value) => value.length <= max : undefined),
};

/**
 * A fast path for the DTOs of path parameters: when every rule of `metatype` is a plain string
 * rule (`@IsEntityId()`: `Matches` + `MaxLength`) and it has no class-transformer metadata, a
 * compiled check accepts a valid value without class-transformer and class-validator (~11 % of
 * the gateway's CPU per read in `pnpm bench gateway`). It only ever accepts: any value it does not
 * accept goes through the full pipe, which gives the 400 with its messages, so no check is weaker.
 */
export const compiledCheckOf = oncePerClass(compile);

function compile(metatype: Dto): CompiledCheck | undefined {
  if (transformsClass(metatype)) return undefined;
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  if (metadatas.length === 0) return undefined;
  const tests = new Map<string, Array<(value: string) => boolean>>();
  for (const metadata of metadatas) {
    const test = simpleRule(metadata);
    if (!test) return undefined;
    const name = metadata.propertyName;
    const hasTransform =
      defaultMetadataStorage.findTypeMetadata(metatype, name) ||
      defaultMetadataStorage.findTransformMetadatas(metatype, name, TransformationType.PLAIN_TO_CLASS).length;
    if (hasTransform) return undefined;
    tests.set(name, [...(tests.get(name) ?? []), test]);
  }
  const properties = [...tests];
  return (value) => {
    if (typeof value !== 'object' || value === null) return undefined;
    const given = value as Record<string, unknown>;
    const entity = new metatype();
    for (const [name, checks] of properties) {
      const property = given[name];
      if (typeof property !== 'string' || !Object.hasOwn(given, name)) return undefined;
      for (const check of checks) if (!check(property)) return undefined;
      entity[name] = property;
    }
    return entity;
  };
}

const emptyQueries = new Map<object, (() => Record<string, unknown>) | null>();

/**
 * A fast path for an empty query string (most reads send none): when every validated property
 * of `metatype` is `@IsOptional()` and nothing transforms, class-validator would skip every rule
 * and class-transformer would build a bare instance, so this builds it without them. Answers
 * undefined when the DTO does not qualify: the full pipe runs as before.
 */
export function emptyQueryOf(metatype: object): (() => Record<string, unknown>) | undefined {
  let build = emptyQueries.get(metatype);
  if (build === undefined) {
    build = compileEmptyQuery(metatype as Dto) ?? null;
    emptyQueries.set(metatype, build);
  }
  return build ?? undefined;
}

function compileEmptyQuery(metatype: Dto): (() => Record<string, unknown>) | undefined {
  if (
    defaultMetadataStorage.getExposedMetadatas(metatype).length > 0 ||
    defaultMetadataStorage.getExcludedMetadatas(metatype).length > 0 ||
    defaultMetadataStorage.getStrategy(metatype) !== 'none'
  )
    return undefined;
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  // A DTO without rules is refused by the pipe (`forbidUnknownValues`): left to it.
  if (metadatas.length === 0) return undefined;
  const optional = new Set<string>();
  for (const metadata of metadatas) {
    if (!metadata.propertyName || metadata.always || metadata.groups?.length) return undefined;
    if (metadata.type === 'conditionalValidation') {
      // ValidateIf is conditional too, with a condition of its own: only IsOptional is known to skip.
      if (metadata.name !== 'isOptional') return undefined;
      optional.add(metadata.propertyName);
    }
  }
  for (const { propertyName } of metadatas) {
    if (!optional.has(propertyName)) return undefined;
    if (
      defaultMetadataStorage.findTypeMetadata(metatype, propertyName) ||
      defaultMetadataStorage.findTransformMetadatas(metatype, propertyName, TransformationType.PLAIN_TO_CLASS).length
    )
      return undefined;
  }
  // A property given a default by the class would be validated even when the query is empty.
  const fresh = new metatype();
  if (Object.values(fresh).some((value) => value !== undefined && value !== null)) return undefined;
  return () => new metatype();
}

function simpleRule(metadata: ValidationMetadata): ((value: string) => boolean) | undefined {
  const plain = metadata.type === 'customValidation' && !metadata.each && !metadata.always && !metadata.groups?.length && !metadata.context;
  if (!plain || !metadata.name || !Object.hasOwn(RULES, metadata.name)) return undefined;
  return RULES[metadata.name](metadata.constraints ?? []);
}
