import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { type Dto, oncePerClass, transformsClass } from './compiled-params';
import { copiedAsIs } from './copied-as-is';
import { customRule, type Test, UNKNOWN } from './custom-rule';

/** Accepts a query or body (then answers the DTO instance the full pipe would build) or answers undefined. */
export type CompiledDtoCheck = (value: unknown) => Record<string, unknown> | undefined;

/**
 * class-validator's common rules, each accepting no value that class-validator refuses and faster
 * than calling it (validator.js's `isLength` counts a surrogate pair as one character, so `length`
 * is never shorter; a global or sticky pattern keeps state between tests, so it is not compiled).
 * Any other custom rule is decided by `customRule`, which calls class-validator's own validator.
 */
const RULES: Record<string, (constraints: unknown[]) => ((value: unknown) => boolean) | undefined> = {
  isString: () => (value) => typeof value === 'string',
  isNotEmpty: () => (value) => value !== '' && value !== null && value !== undefined,
  maxLength: ([max]) => (typeof max === 'number' ? (value) => typeof value === 'string' && value.length <= max : undefined),
  matches: ([pattern, modifiers]) =>
    pattern instanceof RegExp && !pattern.global && !pattern.sticky && modifiers === undefined
      ? (value) => typeof value === 'string' && pattern.test(value)
      : undefined,
  isIn: ([allowed]) => (Array.isArray(allowed) ? (value) => allowed.some((one) => one === value) : undefined),
  isInt: () => (value) => typeof value === 'number' && Number.isInteger(value),
  min: ([min]) => (typeof min === 'number' ? (value) => typeof value === 'number' && value >= min : undefined),
  max: ([max]) => (typeof max === 'number' ? (value) => typeof value === 'number' && value <= max : undefined),
  isBoolean: () => (value) => typeof value === 'boolean',
};

/** How class-transformer builds a property's value from the one given. */
type Build =
  /** No class-transformer metadata: the value as given (a free-form object or array only when `copiedAsIs`). */
  | { kind: 'copy' }
  /** `@Type(() => Number)`: `Number(value)`. */
  | { kind: 'number' }
  /**
   * `@ValidateNested()` with `@Type(() => Class)`: an instance of the class, checked by its own
   * compiled check; or an array of them when the declared type lets class-transformer build a plain array.
   */
  | { kind: 'nested'; metatype: Dto; arrays: boolean }
  /** Any other class-transformer metadata: only an absent property is decided here. */
  | { kind: 'absent only' };

interface Property {
  name: string;
  /** `@IsOptional()`, `@ValidateIf()`: when one answers false, class-validator skips every rule of the property. */
  conditions: Array<(object: object, value: unknown) => boolean>;
  tests: Test[];
  build: Build;
}

/**
 * A fast path for queries and bodies: it builds the instance class-transformer would build
 * (unknown properties stripped, as `whitelist` does) and runs the rules as class-validator runs
 * them, without either library (~5 % of the gateway's CPU in the soak for flat DTOs; ~110 µs per
 * nested change-request edit). Each property is a string, number, boolean, a free-form JSON value
 * kept as sent (a page's `document`, when the pipe would copy it unchanged: `copiedAsIs`), or a
 * nested DTO (`@ValidateNested()` + `@Type()`, an object or an array of them, compiled the same
 * way); rules are the common ones above, any other synchronous custom rule through class-validator's
 * own validator (`customRule`), and `@IsOptional()`/`@ValidateIf()` conditions as class-validator
 * evaluates them. It only ever accepts: anything it cannot decide, and any failed rule, goes
 * through the full pipe, which gives the 400 with its messages, so every answer but the fast one is
 * the pipe's own.
 */
export const compiledDtoCheckOf = oncePerClass((metatype) => compile(metatype, false));

/**
 * The check of a nested DTO's objects. Stricter than the top level's: an object with a property the
 * DTO does not validate is left to the pipe, because class-validator strips a nested object only
 * once its parent's rules have run, and those rules may read it.
 */
const nestedCheckOf = oncePerClass((metatype) => compile(metatype, true));

function compile(metatype: Dto, nested: boolean): CompiledDtoCheck | undefined {
  if (transformsClass(metatype)) return undefined;
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
  // A DTO without rules is refused by the pipe (`forbidUnknownValues`): left to it.
  if (metadatas.length === 0) return undefined;
  // A default set by the class is validated when the property is absent; a getter or method is skipped by class-transformer.
  const fresh = new metatype();
  if (Object.values(fresh).some((value) => value !== undefined)) return undefined;
  const properties = new Map<string, Property>();
  for (const metadata of metadatas) {
    const name = metadata.propertyName;
    if (!name || metadata.always || metadata.groups?.length) return undefined;
    if (Object.getOwnPropertyDescriptor(metatype.prototype, name) || typeof fresh[name] === 'function') return undefined;
    let property = properties.get(name);
    if (!property) properties.set(name, (property = { name, conditions: [], tests: [], build: buildOf(metatype, name) }));
    if (metadata.type === 'conditionalValidation') {
      const condition: unknown = metadata.constraints?.[0];
      if (typeof condition !== 'function') return undefined;
      property.conditions.push(condition as Property['conditions'][number]);
    } else property.tests.push(testOf(metadata, property.build));
  }
  // A required property whose rules cannot be decided here would never be accepted: not worth a check.
  const all = [...properties.values()];
  if (all.some((p) => p.conditions.length === 0 && (p.build.kind === 'absent only' || p.tests.includes(UNKNOWN)))) return undefined;
  return (value) => accept(metatype, properties, all, value, nested);
}

function buildOf(metatype: Dto, name: string): Build {
  const transformed = defaultMetadataStorage.findTransformMetadatas(metatype, name, TransformationType.PLAIN_TO_CLASS).length > 0;
  const type = defaultMetadataStorage.findTypeMetadata(metatype, name);
  if (transformed) return { kind: 'absent only' };
  if (type === undefined) return { kind: 'copy' };
  // A type function reading its argument may choose the class per value: not followed.
  if (type.typeFunction.length > 0 || type.options?.discriminator) return { kind: 'absent only' };
  const target = safeTypeOf(type.typeFunction);
  if (target === Number) return { kind: 'number' };
  const validatesNested = getMetadataStorage()
    .getTargetValidationMetadatas(metatype, '', true, false)
    .some((metadata) => metadata.propertyName === name && metadata.type === 'nestedValidation');
  // class-transformer builds an array's items into `new <declared type>()`: a plain array for these, a Set or another collection otherwise.
  const arrays = type.reflectedType === undefined || type.reflectedType === Array || type.reflectedType === Object;
  if (validatesNested && typeof target === 'function' && !BUILT_IN.has(target)) return { kind: 'nested', metatype: target as Dto, arrays };
  return { kind: 'absent only' };
}

/** Types class-transformer converts to rather than instantiates as a DTO. */
const BUILT_IN = new Set<unknown>([String, Number, Boolean, Date, Buffer, Object, Array, Map, Set, Promise]);

function safeTypeOf(typeFunction: () => unknown): unknown {
  try {
    return typeFunction();
  } catch {
    return undefined;
  }
}

function testOf(metadata: ValidationMetadata, build: Build): Test {
  const plain = !metadata.each && !metadata.validateIf;
  if (metadata.type === 'isDefined') return plain ? (value) => value !== undefined && value !== null : customRule(metadata);
  if (metadata.type === 'whitelistValidation') return () => true;
  // Built (and checked) with the rest of the value: anything but an object or array the build accepted fails, as class-validator's nested validation does.
  if (metadata.type === 'nestedValidation')
    return build.kind === 'nested' ? (value) => value === undefined || (typeof value === 'object' && value !== null) : UNKNOWN;
  if (metadata.type !== 'customValidation' || !metadata.name) return UNKNOWN;
  const fast = plain && Object.hasOwn(RULES, metadata.name) && RULES[metadata.name](metadata.constraints ?? []);
  return fast || customRule(metadata);
}

function accept(
  metatype: Dto,
  properties: Map<string, Property>,
  all: Property[],
  value: unknown,
  nested: boolean,
): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value)) return undefined;
  if (nested && Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const given = value as Record<string, unknown>;
  const entity = new metatype();
  // In the value's key order, as class-transformer copies it; properties without rules are dropped, as `whitelist` does.
  for (const key of Object.keys(given)) {
    const property = properties.get(key);
    if (!property) {
      if (nested) return undefined;
      continue;
    }
    const field = built(property.build, given[key]);
    if (field === REFUSED) return undefined;
    entity[key] = field;
  }
  for (const property of all) {
    const field = entity[property.name];
    let validated = true;
    for (const condition of property.conditions) if (!condition(entity, field)) validated = false;
    if (!validated) continue;
    for (const test of property.tests) if (!test(field, entity)) return undefined;
  }
  return entity;
}

const REFUSED = Symbol('refused');

/** The property's value as class-transformer builds it, or REFUSED when that is not decided here. */
function built(build: Build, field: unknown): unknown {
  switch (build.kind) {
    case 'absent only':
      return REFUSED;
    case 'number':
      if (field === null) return field;
      return typeof field === 'string' || typeof field === 'number' ? Number(field) : REFUSED;
    case 'nested': {
      if (typeof field !== 'object' || field === null) return field;
      const check = nestedCheckOf(build.metatype);
      if (!check) return REFUSED;
      if (!Array.isArray(field)) return check(field) ?? REFUSED;
      if (!build.arrays || Object.getPrototypeOf(field) !== Array.prototype) return REFUSED;
      const items: unknown[] = [];
      for (let i = 0; i < field.length; i++) {
        const item = check(field[i]);
        if (item === undefined) return REFUSED;
        items.push(item);
      }
      return items;
    }
    case 'copy':
      return typeof field !== 'object' || field === null || copiedAsIs(field) ? field : REFUSED;
  }
}
