import { extraNodeFlags } from './soak-cpu';

describe("the soak's extra node flags", () => {
  it('splits SOAK_NODE_FLAGS into arguments, none when unset or blank', () => {
    expect(extraNodeFlags(' --trace-gc  --max-semi-space-size=64 ')).toEqual(['--trace-gc', '--max-semi-space-size=64']);
    expect(extraNodeFlags('')).toEqual([]);
    expect(extraNodeFlags(undefined)).toEqual([]);
  });
});
