import { computedSourceOf } from './computed-source';

const valid = {
  type: 'builtin:openapi',
  dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' }, value: { object: 'openapi-spec', id: 'x', slug: 'pets' } } },
  props: { models: true, grouping: 'by-operation', extra: 1 },
};

describe('computedSourceOf', () => {
  it('keeps what is stored: the spec slug and the known props (a resolved value is dropped)', () => {
    expect(computedSourceOf(valid, 'changes[0].computed')).toEqual({
      type: 'builtin:openapi',
      dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } },
      props: { models: true, grouping: 'by-operation' },
    });
  });

  it.each([
    [null, /changes\[0\]\.computed: must be an object/],
    [{ ...valid, type: 'builtin:translation' }, /computed\.type/],
    [{ ...valid, dependencies: {} }, /computed\.dependencies\.spec\.ref:/],
    [{ ...valid, dependencies: { spec: { ref: { kind: 'openapi', spec: '../x' } } } }, /ref\.spec: must be a spec slug/],
    [{ ...valid, props: { grouping: 'by-tag' } }, /props\.models/],
    [{ ...valid, props: { models: true, grouping: 'by-path' } }, /props\.grouping/],
  ])('refuses %j with a 400 naming the field', (value, message) => {
    expect(() => computedSourceOf(value, 'changes[0].computed')).toThrow(message);
  });
});
