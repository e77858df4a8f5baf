import { ALL_IN_ONE_HEAP_MB, ALL_IN_ONE_MAIN_SEMI_SPACE_MB, allInOneNodeArgs } from './all-in-one';

describe('allInOneNodeArgs', () => {
  it("gives the process its heap limit and the main thread the gateway's semi-space", () => {
    expect(allInOneNodeArgs(undefined)).toEqual([
      `--max-old-space-size=${ALL_IN_ONE_HEAP_MB}`,
      `--max-semi-space-size=${ALL_IN_ONE_MAIN_SEMI_SPACE_MB}`,
    ]);
  });

  it("leaves out what the operator's NODE_OPTIONS already sets", () => {
    expect(allInOneNodeArgs('--max-semi-space-size=16 --enable-source-maps')).toEqual([`--max-old-space-size=${ALL_IN_ONE_HEAP_MB}`]);
    expect(allInOneNodeArgs('--max-old-space-size=2048')).toEqual([`--max-semi-space-size=${ALL_IN_ONE_MAIN_SEMI_SPACE_MB}`]);
  });
});
