import type { ChangeRequestReviewStatus } from '@bindery/contracts';

/**
 * Merge rules (official MergeRulesSpaceConfiguration) and their evaluation. Framework-free: the
 * merge service gathers the facts inside its transaction and asks `evaluateMergeRules`.
 */
export interface MergeRule {
  rule: string;
  users?: string[];
  expression?: unknown;
  message?: string;
}
export type MergeRulesConfig = { type: 'none' } | { type: 'rules'; rules: MergeRule[] };

/** What the rules are judged on. */
export interface MergeFacts {
  /** The user merging. */
  actorId: string;
  /** The change request's creator. */
  authorId: string;
  subject: string;
  hasDescription: boolean;
  /** False when the space moved past the change request's merge base. */
  upToDate: boolean;
  /** Reviews that still stand (not outdated): at most one per reviewer. */
  reviews: Array<{ reviewerId: string; status: ChangeRequestReviewStatus }>;
}

export interface MergeVerdict {
  allowed: boolean;
  /** One sentence per rule that failed, naming what is missing. */
  failures: string[];
  /** The rules failed, but an `allow_bypass` rule lists the actor. */
  bypassed: boolean;
}

/**
 * The rules that apply to a space: its own, or the organization's when it inherits. Anything that
 * is not a recognisable configuration means no rules (the gateway validates what is stored).
 */
export function resolveMergeRules(spaceRules: unknown, organizationRules: unknown): MergeRulesConfig {
  const own = asConfig(spaceRules);
  if (own !== 'inherit') return own;
  const inherited = asConfig(organizationRules);
  return inherited === 'inherit' ? { type: 'none' } : inherited;
}

/**
 * Rules judged only on facts a merge written as one guarded statement holds steady: the merge base
 * (the change request's revision is guarded), the space's revision (guarded), the author (never
 * changes) and the rules themselves (guarded). Reviews, subject and description are not: a review
 * changes no change request row, so rules on them are judged with the change request locked.
 */
const RULES_ON_GUARDED_FACTS = new Set(['require_up_to_date_change_request', 'require_author_to_merge', 'allow_bypass']);

/** True when some rule of `config` is judged on facts only a lock on the change request holds steady. */
export const needsLockedChangeRequest = (config: MergeRulesConfig): boolean =>
  config.type === 'rules' && config.rules.some((r) => !RULES_ON_GUARDED_FACTS.has(r.rule));

/** True when the space's own configuration defers to its organization. */
export const inheritsMergeRules = (spaceRules: unknown): boolean => asConfig(spaceRules) === 'inherit';

function asConfig(value: unknown): MergeRulesConfig | 'inherit' {
  const config = value as { type?: unknown; rules?: unknown } | null | undefined;
  if (config?.type === 'inherit') return 'inherit';
  if (config?.type !== 'rules') return { type: 'none' };
  const rules = Array.isArray(config.rules) ? (config.rules as unknown[]) : [];
  return { type: 'rules', rules: rules.map((r) => (typeof r === 'object' && r !== null ? (r as MergeRule) : { rule: String(r) })) };
}

/**
 * Every rule must pass, unless an `allow_bypass` rule lists the actor. Rules this server cannot
 * evaluate (agent reviews, custom expressions, unknown names) fail: a merge gate that is not
 * understood must not open.
 */
export function evaluateMergeRules(config: MergeRulesConfig, facts: MergeFacts): MergeVerdict {
  if (config.type === 'none') return { allowed: true, failures: [], bypassed: false };
  const failures = config.rules.flatMap((rule) => {
    const failure = checkRule(rule, facts);
    return failure === undefined ? [] : [failure];
  });
  if (failures.length === 0) return { allowed: true, failures, bypassed: false };
  const bypassed = config.rules.some((r) => r.rule === 'allow_bypass' && usersOf(r).includes(facts.actorId));
  return { allowed: bypassed, failures, bypassed };
}

/** Why the rule fails, or undefined when it passes. */
function checkRule(rule: MergeRule, facts: MergeFacts): string | undefined {
  const approvers = new Set(facts.reviews.filter((r) => r.status === 'approved').map((r) => r.reviewerId));
  switch (rule.rule) {
    case 'require_specific_reviewers': {
      const missing = usersOf(rule).filter((id) => !approvers.has(id));
      return missing.length === 0 ? undefined : `approval required from ${missing.join(', ')}`;
    }
    case 'require_one_of_specific_reviewers': {
      const users = usersOf(rule);
      return users.length === 0 || users.some((id) => approvers.has(id)) ? undefined : `approval required from one of ${users.join(', ')}`;
    }
    case 'require_at_least_one_review':
      return facts.reviews.length > 0 ? undefined : 'at least one review is required';
    case 'require_at_least_one_approved_review':
      return approvers.size > 0 ? undefined : 'at least one approving review is required';
    case 'require_all_reviews_approved': {
      const blocking = facts.reviews.filter((r) => r.status !== 'approved').map((r) => r.reviewerId);
      return blocking.length === 0 ? undefined : `changes requested by ${blocking.join(', ')}`;
    }
    case 'require_up_to_date_change_request':
      return facts.upToDate ? undefined : 'the change request must first be updated with the space content';
    case 'require_change_request_subject':
      return facts.subject.trim() !== '' ? undefined : 'the change request needs a subject';
    case 'require_change_request_description':
      return facts.hasDescription ? undefined : 'the change request needs a description';
    case 'require_author_to_merge':
      return facts.actorId === facts.authorId ? undefined : 'only the author of the change request may merge it';
    case 'allow_bypass':
      return undefined;
    case 'require_agent_review':
      return 'rule require_agent_review cannot be satisfied: agent reviews are not available';
    case 'custom':
      return typeof rule.message === 'string' && rule.message !== ''
        ? `${rule.message} (custom rule expressions are not evaluated)`
        : 'a custom rule cannot be satisfied: custom rule expressions are not evaluated';
    default:
      return `rule ${String(rule.rule)} is not recognised`;
  }
}

const usersOf = (rule: MergeRule): string[] => (Array.isArray(rule.users) ? rule.users.filter((u) => typeof u === 'string') : []);
