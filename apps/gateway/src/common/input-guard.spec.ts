import { findInputProblem, MAX_JSON_DEPTH } from './input-guard';

describe('findInputProblem', () => {
  it('accepts ordinary input, emoji (paired surrogates) included', () => {
    expect(findInputProblem({ title: 'Guide 📘', changes: [{ page: { title: 'ok', n: 1, b: null } }] }, 'body')).toBeUndefined();
    expect(findInputProblem(undefined, 'body')).toBeUndefined();
  });

  it('names the JSON path of a string with a NUL character', () => {
    expect(findInputProblem({ title: 'a\u0000b' }, 'body')?.message).toBe('title must not contain NUL characters (\\u0000)');
    expect(findInputProblem({ changes: [{ page: {} }, { page: { title: '\u0000' } }] }, 'body')?.path).toBe('changes[1].page.title');
  });

  it('refuses lone surrogates, high or low, but not a pair', () => {
    expect(findInputProblem({ title: 'x\ud800' }, 'body')?.message).toMatch(/^title must be valid Unicode/);
    expect(findInputProblem({ title: '\udc00x' }, 'body')?.path).toBe('title');
    expect(findInputProblem({ title: '\ud83d\udcd8' }, 'body')).toBeUndefined();
  });

  it('checks property names too', () => {
    expect(findInputProblem({ document: { 'a\u0000': 1 } }, 'body')?.path).toBe('document.a\u0000');
    expect(findInputProblem({ document: { 'a\u0000': 1 } }, 'body')?.message).toMatch(/^document\."a\\u0000" \(a property name\)/);
  });

  it('refuses property names that reach prototypes (constructor, __proto__, prototype)', () => {
    const parsed = JSON.parse('{"memberships": {"__proto__": {"role": "member"}}}') as unknown;
    expect(findInputProblem(parsed, 'body')?.path).toBe('memberships.__proto__');
    expect(findInputProblem({ memberships: { constructor: { role: 'member' } } }, 'body')?.message).toBe(
      'memberships."constructor" (a property name) is a reserved name and cannot be used as a property name',
    );
    expect(findInputProblem({ memberships: { toStringX: 1, constructors: 2 } }, 'body')).toBeUndefined();
  });

  it('names the part for a bare string (a query or params value is named by its key)', () => {
    expect(findInputProblem('\u0000', 'body')?.path).toBe('body');
    expect(findInputProblem({ title: ['ok', '\u0000'] }, 'query')?.path).toBe('title[1]');
  });

  it(`allows ${MAX_JSON_DEPTH} levels of nesting and refuses one more, without recursing`, () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 'leaf';
      for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
      return value;
    };
    expect(findInputProblem(nest(MAX_JSON_DEPTH), 'body')).toBeUndefined();
    expect(findInputProblem(nest(MAX_JSON_DEPTH + 1), 'body')?.message).toBe(
      `The body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects`,
    );
    // 200,000 levels: a recursive walk would overflow the stack.
    expect(findInputProblem(JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)), 'body')?.path).toBe('body');
  });
});
