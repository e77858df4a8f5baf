import { isMemberRole, MEMBER_ROLES } from '@bindery/contracts';
import { Transform, Type } from 'class-transformer';
import { type ValidationOptions, ValidateBy } from 'class-validator';

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

/** A DNS name such as example.com (each label 1..63, letters/digits/hyphens, alphabetic TLD). */
export const DOMAIN_NAME = /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

/** The official OrganizationHostname: 3..32 characters; letters, digits and inner hyphens. */
export const ORG_HOSTNAME = /^[a-zA-Z0-9][a-zA-Z0-9-]{1,30}[a-zA-Z0-9]$/;

/** A member role, or null for a guest (MemberRoleOrGuest). Undefined fails unless the field is @IsOptional. */
export const IsRoleOrGuest = (options?: ValidationOptions): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isRoleOrGuest',
      validator: {
        validate: (value: unknown) => value === null || isMemberRole(value),
        defaultMessage: (args) => `${args?.property} must be one of ${MEMBER_ROLES.join(', ')} or null (guest)`,
      },
    },
    options,
  );
