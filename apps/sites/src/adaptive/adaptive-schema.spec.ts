import { adaptiveSchemaProblem, allowedUnsignedClaims, templateConditions } from './adaptive-schema';

const schema = {
  type: 'object',
  properties: {
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { beta: { type: 'boolean', description: 'Beta tester' } },
      additionalProperties: false,
    },
    isAdmin: { type: 'boolean', description: 'Administrator' },
  },
  additionalProperties: false,
};

describe('adaptive schema', () => {
  it('accepts the official shape and derives template conditions', () => {
    expect(adaptiveSchemaProblem(schema)).toBeUndefined();
    expect(templateConditions(schema)).toEqual([
      { description: 'Beta tester', condition: 'visitor.claims.unsigned.beta == true' },
      { description: 'Administrator', condition: 'visitor.claims.isAdmin == true' },
    ]);
  });

  it('says what is wrong', () => {
    expect(adaptiveSchemaProblem({ ...schema, additionalProperties: true })).toMatch(/jsonSchema/);
    expect(adaptiveSchemaProblem({ type: 'object', properties: { x: { type: 'boolean' } }, additionalProperties: false })).toMatch(
      /properties/,
    );
    expect(adaptiveSchemaProblem('nope')).toMatch(/jsonSchema/);
  });

  it('keeps only the declared unsigned booleans', () => {
    expect(allowedUnsignedClaims(schema, { beta: true, admin: true, other: 'x' })).toEqual({ beta: true });
    expect(allowedUnsignedClaims(schema, { beta: 'yes' })).toEqual({});
  });
});
