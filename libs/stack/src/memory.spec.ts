import { GATEWAY, READER, SERVICES, WORKERS } from './apps';
import { heapLimitArgs, memoryBudget, memoryFlags } from './memory';

describe('memory budgets', () => {
  it('gives every app a heap limit under its container limit, more to the gateway, content and workers', () => {
    for (const app of [...SERVICES, GATEWAY, ...WORKERS, READER]) {
      const { heapMb, containerMb } = memoryBudget(app);
      expect(heapMb).toBeLessThanOrEqual(containerMb - 256);
    }
    const content = SERVICES.find((app) => app.name === 'content')!;
    const identity = SERVICES.find((app) => app.name === 'identity')!;
    expect(memoryBudget(content).heapMb).toBeGreaterThan(memoryBudget(identity).heapMb);
    expect(memoryBudget(GATEWAY).heapMb).toBeGreaterThan(memoryBudget(READER).heapMb);
  });

  it("passes the heap limit and young generation as node flags, each unless the operator's NODE_OPTIONS sets it", () => {
    const heap = `--max-old-space-size=${memoryBudget(GATEWAY).heapMb}`;
    const young = `--max-semi-space-size=${memoryBudget(GATEWAY).semiSpaceMb}`;
    const youngFloor = `--min-semi-space-size=${memoryBudget(GATEWAY).semiSpaceMb}`;
    expect(heapLimitArgs(GATEWAY, undefined)).toEqual([heap, young, youngFloor]);
    expect(heapLimitArgs(GATEWAY, '--trace-gc')).toEqual([heap, young, youngFloor]);
    expect(heapLimitArgs(GATEWAY, '--max-old-space-size=2048 --trace-gc')).toEqual([young, youngFloor]);
    // The operator's young generation, without a floor of ours under it.
    expect(heapLimitArgs(GATEWAY, '--max-semi-space-size=64')).toEqual([heap]);
    expect(heapLimitArgs(READER, undefined).some((flag) => flag.includes('semi-space'))).toBe(false);
  });

  it('gives a larger young generation to the apps on every request and the services allocating most per request', () => {
    const larger = [GATEWAY, ...SERVICES.filter((app) => ['identity', 'content', 'collaboration'].includes(app.name))];
    expect(larger).toHaveLength(4);
    for (const app of [...SERVICES, GATEWAY, ...WORKERS, READER]) {
      const flags = memoryFlags(app);
      expect(flags.some((flag) => flag.startsWith('--max-semi-space-size='))).toBe(larger.includes(app));
      // The young generation (three semi-spaces at most) fits in what the container leaves beyond the heap.
      const { heapMb, containerMb, semiSpaceMb = 16 } = memoryBudget(app);
      expect(heapMb + 3 * semiSpaceMb).toBeLessThanOrEqual(containerMb - 128);
    }
  });
});
