import { getMetadataStorage, type ValidationArguments } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

/** A rule of one property: whether `value`, held by `object`, passes it. */
export type Test = (value: unknown, object: Record<string, unknown>) => boolean;

/** A rule a compiled check cannot decide: reaching it leaves the value to the full pipe. */
export const UNKNOWN: Test = () => false;

interface Validator {
  validate(value: unknown, args: ValidationArguments): unknown;
}

/**
 * A custom rule (`@ValidateBy()`, every class-validator decorator built on it, `@Validate()`)
 * decided as class-validator decides it: the same validators called with the same arguments
 * (`each` over an array's items, the rule's own `validateIf`). An asynchronous rule is not decided
 * here, and a validator that throws or answers a promise counts as failed, so the full pipe runs.
 */
export function customRule(metadata: ValidationMetadata): Test {
  const constraints = getMetadataStorage().getTargetValidatorConstraints(metadata.constraintCls);
  if (constraints.length === 0 || constraints.some((constraint) => constraint.async)) return UNKNOWN;
  // class-validator asks its container for each validator on every call; the container keeps one per class.
  const validators = constraints.map((constraint) => constraint.instance as Validator);
  const { propertyName, validateIf, each } = metadata;
  return (value, object) => {
    if (validateIf && !validateIf(object, value)) return true;
    const args: ValidationArguments = {
      targetName: (object.constructor as { name: string } | undefined)?.name as string,
      property: propertyName,
      object,
      value,
      constraints: metadata.constraints,
    };
    for (const validator of validators) {
      const passed = each && Array.isArray(value) ? value.every((item) => passes(validator, item, args)) : passes(validator, value, args);
      if (!passed) return false;
    }
    return true;
  };
}

function passes(validator: Validator, value: unknown, args: ValidationArguments): boolean {
  try {
    const answer = validator.validate(value, args);
    if (isThenable(answer)) {
      void Promise.resolve(answer).catch(() => undefined);
      return false;
    }
    return Boolean(answer);
  } catch {
    return false;
  }
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
