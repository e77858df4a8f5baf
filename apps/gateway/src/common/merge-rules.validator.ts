import { ValidateBy } from 'class-validator';

// Merge rules are set on organizations (identity) and on spaces (content): shared by both contexts' DTOs.

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
