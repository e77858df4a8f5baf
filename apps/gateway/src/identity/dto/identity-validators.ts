import { isMemberRole, MEMBER_ROLES } from '@bindery/contracts';
import { type ValidationOptions, ValidateBy } from 'class-validator';

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

export { KeepRaw } from '../../common/keep-raw';
