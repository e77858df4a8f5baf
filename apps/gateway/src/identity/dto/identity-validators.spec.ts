import { mergeRulesProblem } from '../../common/merge-rules.validator';
import { DOMAIN_NAME, ORG_HOSTNAME } from './identity-validators';
import { inviteEntryProblem } from './invite-users.request';

describe('mergeRulesProblem', () => {
  it('accepts the official standalone configurations', () => {
    expect(mergeRulesProblem({ type: 'none' })).toBeUndefined();
    expect(mergeRulesProblem({ type: 'rules', rules: [] })).toBeUndefined();
    expect(
      mergeRulesProblem({
        type: 'rules',
        rules: [{ rule: 'allow_bypass', users: ['u1'] }, { rule: 'require_author_to_merge' }, { rule: 'custom', expression: 'true' }],
      }),
    ).toBeUndefined();
  });

  it('accepts inherit only for spaces', () => {
    expect(mergeRulesProblem({ type: 'inherit' }, true)).toBeUndefined();
    expect(mergeRulesProblem({ type: 'sometimes' }, true)).toMatch(/"inherit", "rules" or "none"/);
    expect(mergeRulesProblem({ type: 'rules', rules: [{}] }, true)).toMatch(/rules\[0\].rule/);
  });

  it.each([
    [null, /mergeRules must be an object/],
    [{ type: 'inherit' }, /mergeRules.type/],
    [{ type: 'rules' }, /mergeRules.rules must be an array/],
    [{ type: 'rules', rules: ['x'] }, /rules\[0\] must be an object/],
    [{ type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: ['bad id'] }] }, /rules\[0\].users/],
    [{ type: 'rules', rules: [{ rule: 'custom' }] }, /rules\[0\].expression/],
    [{ type: 'rules', rules: [{ rule: 'require_all_reviews_approved' }, { rule: 'nope' }] }, /rules\[1\].rule/],
  ])('names what is wrong in %j', (value, pattern) => {
    expect(mergeRulesProblem(value)).toMatch(pattern);
  });
});

describe('inviteEntryProblem', () => {
  it('accepts an email or {email, role} with a role or null', () => {
    expect(inviteEntryProblem('a@b.test', 0)).toBeUndefined();
    expect(inviteEntryProblem({ email: 'a@b.test', role: null }, 0)).toBeUndefined();
    expect(inviteEntryProblem({ email: 'a@b.test', role: 'edit' }, 0)).toBeUndefined();
  });

  it('names the entry and the field', () => {
    expect(inviteEntryProblem('nope', 3)).toBe('emails[3] must be an email address');
    expect(inviteEntryProblem({ email: 'a@b.test' }, 1)).toMatch(/emails\[1\].role/);
    expect(inviteEntryProblem({ role: 'read' }, 2)).toMatch(/emails\[2\].email/);
    expect(inviteEntryProblem(7, 0)).toMatch(/emails\[0\] must be an email address or/);
  });
});

describe('name patterns', () => {
  it.each(['example.com', 'docs.acme.co.uk', 'xn--bcher-kva.example'])('%s is a domain', (d) => expect(DOMAIN_NAME.test(d)).toBe(true));
  it.each(['localhost', '-a.com', 'a..com', 'a b.com', 'exa_mple.com'])('%s is not a domain', (d) =>
    expect(DOMAIN_NAME.test(d)).toBe(false),
  );
  it.each([
    ['acme', true],
    ['a-1', true],
    ['ab', false],
    ['-acme', false],
    ['acme-', false],
    ['x'.repeat(33), false],
  ])('hostname %s: %s', (h, ok) => expect(ORG_HOSTNAME.test(h)).toBe(ok));
});
