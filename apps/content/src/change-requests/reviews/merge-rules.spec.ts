import {
  evaluateMergeRules,
  inheritsMergeRules,
  needsLockedChangeRequest,
  type MergeFacts,
  type MergeRule,
  type MergeRulesConfig,
  resolveMergeRules,
} from './merge-rules';

const facts = (overrides: Partial<MergeFacts> = {}): MergeFacts => ({
  actorId: 'author',
  authorId: 'author',
  subject: 'Fix typos',
  hasDescription: true,
  upToDate: true,
  reviews: [],
  ...overrides,
});
const rules = (...list: MergeRule[]): MergeRulesConfig => ({ type: 'rules', rules: list });

describe('resolveMergeRules', () => {
  it('uses the space rules, or the organization rules when the space inherits', () => {
    const org = { type: 'rules', rules: [{ rule: 'require_at_least_one_review' }] };
    expect(resolveMergeRules({ type: 'none' }, org)).toEqual({ type: 'none' });
    expect(resolveMergeRules({ type: 'inherit' }, org)).toEqual(org);
    expect(inheritsMergeRules({ type: 'inherit' })).toBe(true);
    expect(inheritsMergeRules({ type: 'none' })).toBe(false);
  });

  it('treats missing or unrecognisable configurations as no rules', () => {
    expect(resolveMergeRules({ type: 'inherit' }, undefined)).toEqual({ type: 'none' });
    expect(resolveMergeRules({ type: 'inherit' }, { type: 'inherit' })).toEqual({ type: 'none' });
    expect(resolveMergeRules(null, null)).toEqual({ type: 'none' });
    expect(resolveMergeRules({ type: 'rules' }, null)).toEqual({ type: 'rules', rules: [] });
  });
});

describe('evaluateMergeRules', () => {
  it('allows anything without rules', () => {
    expect(evaluateMergeRules({ type: 'none' }, facts())).toEqual({ allowed: true, failures: [], bypassed: false });
    expect(evaluateMergeRules(rules(), facts()).allowed).toBe(true);
  });

  it('require_specific_reviewers needs an approval from every listed user and names the missing ones', () => {
    const config = rules({ rule: 'require_specific_reviewers', users: ['ann', 'bob', 'cyd'] });
    const partial = evaluateMergeRules(
      config,
      facts({
        reviews: [
          { reviewerId: 'ann', status: 'approved' },
          { reviewerId: 'bob', status: 'changes-requested' },
        ],
      }),
    );
    expect(partial.allowed).toBe(false);
    expect(partial.failures).toEqual(['approval required from bob, cyd']);
    const all = evaluateMergeRules(
      config,
      facts({ reviews: ['ann', 'bob', 'cyd'].map((reviewerId) => ({ reviewerId, status: 'approved' as const })) }),
    );
    expect(all.allowed).toBe(true);
  });

  it('require_one_of_specific_reviewers needs one approval from the list', () => {
    const config = rules({ rule: 'require_one_of_specific_reviewers', users: ['ann', 'bob'] });
    expect(evaluateMergeRules(config, facts({ reviews: [{ reviewerId: 'zed', status: 'approved' }] })).failures).toEqual([
      'approval required from one of ann, bob',
    ]);
    expect(evaluateMergeRules(config, facts({ reviews: [{ reviewerId: 'bob', status: 'approved' }] })).allowed).toBe(true);
  });

  it('counts reviews, approvals and requested changes', () => {
    const changes = [{ reviewerId: 'ann', status: 'changes-requested' as const }];
    expect(evaluateMergeRules(rules({ rule: 'require_at_least_one_review' }), facts()).allowed).toBe(false);
    expect(evaluateMergeRules(rules({ rule: 'require_at_least_one_review' }), facts({ reviews: changes })).allowed).toBe(true);
    expect(evaluateMergeRules(rules({ rule: 'require_at_least_one_approved_review' }), facts({ reviews: changes })).allowed).toBe(false);
    expect(evaluateMergeRules(rules({ rule: 'require_all_reviews_approved' }), facts({ reviews: changes })).failures).toEqual([
      'changes requested by ann',
    ]);
  });

  it('checks the change request itself and who merges it', () => {
    const bare = facts({ subject: '  ', hasDescription: false, upToDate: false, actorId: 'other' });
    const verdict = evaluateMergeRules(
      rules(
        { rule: 'require_change_request_subject' },
        { rule: 'require_change_request_description' },
        { rule: 'require_up_to_date_change_request' },
        { rule: 'require_author_to_merge' },
      ),
      bare,
    );
    expect(verdict.failures).toHaveLength(4);
    expect(evaluateMergeRules(rules({ rule: 'require_author_to_merge' }), facts()).allowed).toBe(true);
  });

  it('lets users listed by allow_bypass merge anyway, and nobody else', () => {
    const config = rules({ rule: 'require_specific_reviewers', users: ['ann'] }, { rule: 'allow_bypass', users: ['boss'] });
    expect(evaluateMergeRules(config, facts({ actorId: 'boss' }))).toEqual({
      allowed: true,
      failures: ['approval required from ann'],
      bypassed: true,
    });
    expect(evaluateMergeRules(config, facts({ actorId: 'author' })).allowed).toBe(false);
  });

  it('fails closed on rules it cannot evaluate', () => {
    for (const rule of [{ rule: 'require_agent_review' }, { rule: 'custom', expression: 'true' }, { rule: 'made_up' }]) {
      expect(evaluateMergeRules(rules(rule), facts()).allowed).toBe(false);
    }
  });
});

describe('needsLockedChangeRequest', () => {
  it('asks for the lock only for rules judged on reviews, subject, description or not understood', () => {
    expect(needsLockedChangeRequest({ type: 'none' })).toBe(false);
    expect(needsLockedChangeRequest(rules())).toBe(false);
    expect(
      needsLockedChangeRequest(
        rules({ rule: 'require_up_to_date_change_request' }, { rule: 'require_author_to_merge' }, { rule: 'allow_bypass', users: ['a'] }),
      ),
    ).toBe(false);
    for (const rule of [
      'require_at_least_one_review',
      'require_at_least_one_approved_review',
      'require_all_reviews_approved',
      'require_specific_reviewers',
      'require_one_of_specific_reviewers',
      'require_change_request_subject',
      'require_change_request_description',
      'custom',
      'something_new',
    ])
      expect(needsLockedChangeRequest(rules({ rule: 'require_author_to_merge' }, { rule }))).toBe(true);
  });
});
