import { TransformationType } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { type Dto, oncePerClass, transformsClass } from './compiled-params';

/** Accepts a query or body (then answers the DTO instance the full pipe would build) or answers undefined. */
export type CompiledDtoCheck = (value: unknown) => Record<string, unknown> | undefined;

type Test = (value: unknown) => boolean;

/**
 * class-validator's rules this check knows, each accepting no value that class-validator refuses
 * (validator.js's `isLength` counts a surrogate pair as one character, so `length` is never shorter;
 * a global or sticky pattern keeps state between tests, so it is not compiled).
 */
const RULES: Record<string, (constraints: unknown[]) => Test | undefined> = {
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

/** A rule this check cannot decide: reaching it leaves the value to the full pipe. */
const UNKNOWN: Test = () => false;

interface Property {
  name: string;
  /** `@IsOptional()`, `@ValidateIf()`: when one answers false, class-validator skips every rule of the property. */
  conditions: Array<(object: object, value: unknown) => boolean>;
  tests: Test[];
  /** `@Type(() => Number)`: class-transformer gives the property `Number(value)`. */
  toNumber: boolean;
  /** Any other class-transformer metadata: only an absent property is decided here. */
  transformed: boolean;
}

/**
 * A fast path for queries and bodies of flat DTOs (each property a string, number or boolean with
 * the common rules above; `@IsOptional()`/`@ValidateIf()` conditions run as class-validator runs
 * them): it builds the instance class-transformer would build (unknown properties stripped, as
 * `whitelist` does) and runs the rules without class-transformer and class-validator, which took
 * ~5 % of the gateway's CPU in the soak. It only ever accepts: a value with an object or array in
 * a property, a property it cannot decide, or any failed rule goes through the full pipe, which
 * gives the 400 with its messages, so every answer but the fast one is the pipe's own.
 */
export const compiledDtoCheckOf = oncePerClass(compile);

function compile(metatype: Dto): CompiledDtoCheck | undefined {
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
    if (Object.getOwnPropertyDescriptor(metatype.prototype, name)) return undefined;
    let property = properties.get(name);
    if (!property) properties.set(name, (property = describe(metatype, name)));
    if (metadata.type === 'conditionalValidation') {
      const condition: unknown = metadata.constraints?.[0];
      if (typeof condition !== 'function') return undefined;
      property.conditions.push(condition as Property['conditions'][number]);
    } else property.tests.push(testOf(metadata));
  }
  // A required property whose rules cannot be decided here would never be accepted: not worth a check.
  const all = [...properties.values()];
  if (all.some((p) => p.conditions.length === 0 && (p.transformed || p.tests.includes(UNKNOWN)))) return undefined;
  return (value) => accept(metatype, properties, all, value);
}

function describe(metatype: Dto, name: string): Property {
  const type = defaultMetadataStorage.findTypeMetadata(metatype, name);
  const toNumber = type !== undefined && safeTypeOf(type.typeFunction) === Number;
  const transformed =
    (type !== undefined && !toNumber) ||
    defaultMetadataStorage.findTransformMetadatas(metatype, name, TransformationType.PLAIN_TO_CLASS).length > 0;
  return { name, conditions: [], tests: [], toNumber, transformed };
}

function safeTypeOf(typeFunction: () => unknown): unknown {
  try {
    return typeFunction();
  } catch {
    return undefined;
  }
}

function testOf(metadata: ValidationMetadata): Test {
  if (metadata.each) return UNKNOWN;
  if (metadata.type === 'isDefined') return (value) => value !== undefined && value !== null;
  if (metadata.type === 'whitelistValidation') return () => true;
  if (metadata.type !== 'customValidation' || !metadata.name || !Object.hasOwn(RULES, metadata.name)) return UNKNOWN;
  return RULES[metadata.name](metadata.constraints ?? []) ?? UNKNOWN;
}

function accept(metatype: Dto, properties: Map<string, Property>, all: Property[], value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value)) return undefined;
  const given = value as Record<string, unknown>;
  const entity = new metatype();
  // In the value's key order, as class-transformer copies it; properties without rules are dropped, as `whitelist` does.
  for (const key of Object.keys(given)) {
    const property = properties.get(key);
    if (!property) continue;
    let field = given[key];
    if (typeof field === 'object' && field !== null) return undefined;
    if (property.transformed) return undefined;
    if (property.toNumber && field !== null) {
      if (typeof field !== 'string' && typeof field !== 'number') return undefined;
      field = Number(field);
    }
    entity[key] = field;
  }
  for (const property of all) {
    const field = entity[property.name];
    let validated = true;
    for (const condition of property.conditions) if (!condition(entity, field)) validated = false;
    if (!validated) continue;
    for (const test of property.tests) if (!test(field)) return undefined;
  }
  return entity;
}
