import { ConditionSyntaxError, conditionHolds, parseCondition } from './condition';

const visitor = { claims: { role: 'admin', plan: 'pro', seats: 12, roles: ['editor', 'billing'], unsigned: { beta: true } } };

describe('conditions', () => {
  it.each([
    ['visitor.claims.unsigned.beta == true', true],
    ['visitor.claims.unsigned.beta === false', false],
    ['visitor.claims.role == "admin" && visitor.claims.plan != "free"', true],
    ['visitor.claims.seats >= 10 || false', true],
    ['visitor.claims.roles.includes("billing")', true],
    ['!visitor.claims.unsigned.beta', false],
    ['visitor.claims["plan"] == "pro"', true],
    ['visitor.claims.missing.deeper == 1', false],
    ['visitor.claims.seats > 5 ? true : false', true],
  ])('%s → %s', (source, expected) => {
    expect(conditionHolds(source, visitor)).toBe(expected);
  });

  it('never reads the prototype chain', () => {
    expect(conditionHolds('visitor.constructor', visitor)).toBe(false);
    expect(conditionHolds('visitor.claims.__proto__', visitor)).toBe(false);
    expect(conditionHolds('visitor.claims.toString', visitor)).toBe(false);
  });

  it('refuses what it does not evaluate, with the position of a syntax error', () => {
    expect(() => parseCondition('visitor.claims.a ==')).toThrow(ConditionSyntaxError);
    try {
      parseCondition('visitor.claims.a == )');
    } catch (error) {
      expect((error as ConditionSyntaxError).index).toBeGreaterThan(0);
    }
    expect(() => parseCondition('process.exit(1)')).toThrow(/includes|name/);
    expect(() => parseCondition('this.x')).toThrow(ConditionSyntaxError);
    expect(() => parseCondition('a = 1')).toThrow(ConditionSyntaxError);
    expect(() => parseCondition('visitor.claims.x(1)')).toThrow(/includes/);
  });
});
