import { GATEWAY, READER, SERVICES, WORKERS } from './apps';
import { heapLimitArgs, memoryBudget } from './memory';

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

  it("passes the heap limit as a node flag unless the operator's NODE_OPTIONS sets one", () => {
    expect(heapLimitArgs(GATEWAY, undefined)).toEqual([`--max-old-space-size=${memoryBudget(GATEWAY).heapMb}`]);
    expect(heapLimitArgs(GATEWAY, '--trace-gc')).toEqual([`--max-old-space-size=${memoryBudget(GATEWAY).heapMb}`]);
    expect(heapLimitArgs(GATEWAY, '--max-old-space-size=2048 --trace-gc')).toEqual([]);
  });
});
