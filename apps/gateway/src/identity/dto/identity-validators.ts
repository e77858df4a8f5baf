import { isMemberRole, MEMBER_ROLES } from '@bindery/contracts';
import { Transform, Type } from 'class-transformer';
import { type ValidationOptions, ValidateBy, ValidateIf } from 'class-validator';

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

const SIMPLE_RULES = [
  'require_at_least_one_review',
  'require_at_least_one_approved_review',
  'require_all_reviews_approved',
  'require_agent_review',
  'require_up_to_date_change_request',
  'require_change_request_subject',
  'require_change_request_description',
  'require_author_to_merge',
];
const USER_RULES = ['require_specific_reviewers', 'require_one_of_specific_reviewers', 'allow_bypass'];

/**
 * Why a mergeRules value is not the official MergeRulesStandaloneConfiguration (organizations) or,
 * with `allowInherit`, MergeRulesSpaceConfiguration (spaces); undefined when it is.
 */
export function mergeRulesProblem(value: unknown, allowInherit = false): string | undefined {
  const config = value as { type?: unknown; rules?: unknown } | null;
  if (typeof config !== 'object' || config === null) return 'mergeRules must be an object';
  if (config.type === 'none' || (allowInherit && config.type === 'inherit')) return undefined;
  if (config.type !== 'rules') return `mergeRules.type must be ${allowInherit ? '"inherit", ' : ''}"rules" or "none"`;
  if (!Array.isArray(config.rules) || config.rules.length > 50) return 'mergeRules.rules must be an array of at most 50 rules';
  for (const [i, rule] of (config.rules as Array<Record<string, unknown>>).entries()) {
    const where = `mergeRules.rules[${i}]`;
    if (typeof rule !== 'object' || rule === null) return `${where} must be an object`;
    if (USER_RULES.includes(rule.rule as string)) {
      const users = rule.users;
      if (!Array.isArray(users) || users.length > 100 || !users.every((u) => typeof u === 'string' && /^[a-zA-Z0-9_-]{1,64}$/.test(u))) {
        return `${where}.users must be an array of at most 100 user ids`;
      }
    } else if (rule.rule === 'custom') {
      if (typeof rule.expression !== 'string' || rule.expression.length === 0 || rule.expression.length > 2048) {
        return `${where}.expression must be a string of 1..2048 characters`;
      }
    } else if (!SIMPLE_RULES.includes(rule.rule as string)) {
      return `${where}.rule must be one of ${[...USER_RULES, ...SIMPLE_RULES, 'custom'].join(', ')}`;
    }
  }
  return undefined;
}

export const IsMergeRules = (allowInherit = false): PropertyDecorator =>
  ValidateBy({
    name: 'isMergeRules',
    validator: {
      validate: (value: unknown) => mergeRulesProblem(value, allowInherit) === undefined,
      defaultMessage: (args) => mergeRulesProblem(args?.value, allowInherit) ?? 'mergeRules is invalid',
    },
  });

/** Optional, but not nullable: absent skips validation, null is validated (and fails) like any other value. */
export const IsOptionalNotNull = (): PropertyDecorator => ValidateIf((_object: unknown, value: unknown) => value !== undefined);
