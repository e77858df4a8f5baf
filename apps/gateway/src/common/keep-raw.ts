import { Transform, Type } from 'class-transformer';

/**
 * Keeps a free-form JSON value (an object keyed by the client, or arbitrary document data) exactly
 * as sent. class-transformer rebuilds untyped objects key by key: it skips every key that names a
 * function on Object.prototype (`constructor`, `toString`, `hasOwnProperty`...), so such keys were
 * silently dropped before validation, and it takes an own `constructor` key for the object's class.
 * `Type(() => Boolean)` turns its pass into `Boolean(value)` (no walk into the value, no method of
 * it called); the Transform then puts back the client's own value for the validators to check.
 */
export const KeepRaw = (): PropertyDecorator => {
  const decorators = [
    Type(() => Boolean),
    Transform(({ obj, key }) => (Object.hasOwn(obj as object, key) ? (obj as Record<string, unknown>)[key] : undefined), {
      toClassOnly: true,
    }),
  ];
  return (target, key) => decorators.forEach((d) => d(target, key));
};
