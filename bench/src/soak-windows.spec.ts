import { gcFiguresOf } from './soak-waits';
import { type Edge, SoakWindows, windowLines } from './soak-windows';

const gcText = (scavenges: number, markCompacts: number) =>
  `nodejs_gc_duration_seconds_count{kind="minor"} ${scavenges}\nnodejs_gc_duration_seconds_count{kind="major"} ${markCompacts}\n`;

describe("the soak's per-window figures", () => {
  it("gives each window's requests, rate, CPU per request, CPU off the main thread and GC per 1,000 requests", () => {
    const a: Edge = {
      at: 1_000,
      load: 6,
      requests: 0,
      cpu: { postgres: 0, gateway: 1_000_000, content: 0 },
      main: { gateway: 800_000, content: 0 },
      generator: 0,
      gc: { gateway: gcFiguresOf(gcText(10, 1)), content: gcFiguresOf(gcText(0, 0)) },
    };
    const b: Edge = {
      at: 11_000,
      load: 8.04,
      requests: 4_000,
      // 4,000 requests: postgres 4 s → 1,000 µs each; gateway 2 s (1.5 s on its main thread); content 3.2 s.
      cpu: { postgres: 4_000_000, gateway: 3_000_000, content: 3_200_000 },
      main: { gateway: 2_300_000, content: 3_200_000 },
      generator: 1_600_000,
      gc: { gateway: gcFiguresOf(gcText(14, 3)), content: gcFiguresOf(gcText(20, 0)) },
    };
    const [first, second] = windowLines(a, b, 1_000);
    expect(first.trim()).toBe('0–10 s   4000 req  400/s  load 8.0  CPU 2300: postgres 1000 / content 800 / gateway 500; generator 400');
    expect(second.trim()).toBe('off main thread: gateway 25 %, content 0 %; GC per 1,000 requests: gateway 1.0/0.5, content 5.0/0.0');
  });
});

describe("the soak's windows", () => {
  it('closes a window only once it is long enough, and what is left of the last one when the load ends', () => {
    const windows = new SoakWindows({}, 10_000);
    windows.start(0, {});
    windows.sample(100, {});
    expect(windows.lines()).toEqual([]);
    windows.sample(120, {}, true);
    const lines = windows.lines();
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^ +0–0 s +120 req /);
  });
});
