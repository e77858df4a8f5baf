import { jsonRowsParam } from './json-rows';

describe('jsonRowsParam', () => {
  it('joins serialised rows into one JSON array that parses back to the same values', () => {
    const body = { text: 'He said "hi" \\ C:\\new \\u0041 — naïve ✓ 😀 \u2028', list: [1, ']', '"'] };
    const param = jsonRowsParam([
      ['h1', JSON.stringify(body), JSON.stringify(['a"b'])],
      ['h"2\\', 'null', '[]'],
    ]);
    expect(JSON.parse(param)).toEqual([
      ['h1', body, ['a"b']],
      ['h"2\\', null, []],
    ]);
  });

  it('is an empty array for no rows', () => {
    expect(JSON.parse(jsonRowsParam([]))).toEqual([]);
  });
});
