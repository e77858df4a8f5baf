import { breakdown, type CollectedSpan } from './soak-traces';

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

const span = (spanId: string, parentSpanId: string | undefined, service: string, kind: number, name: string, start: number, end: number) =>
  ({ traceId: 't', spanId, parentSpanId, service, kind, name, start, end }) satisfies CollectedSpan;

describe("the soak's breakdown of a traced request", () => {
  // gateway 0–100 → NATS request to content 10–90 → content's handler 20–80 → a query 30–50,
  // and a job the handler queued (60–200): queued work, not the request's time.
  const spans = [
    span('g', 'client', 'gateway', SERVER, 'GET /v1/spaces/:spaceId', 0, 100),
    span('r', 'g', 'gateway', CLIENT, 'content.space.get', 10, 90),
    span('h', 'r', 'content', SERVER, 'content.space.get', 20, 80),
    span('q', 'h', 'content', CLIENT, 'pg.query:SELECT bindery', 30, 50),
    span('j', 'h', 'content-worker', CONSUMER, 'job search.index', 60, 200),
    span('jq', 'j', 'content-worker', CLIENT, 'pg.query:INSERT bindery', 70, 75),
  ];

  it("splits the client's time by the deepest span at each instant, summing to what the client measured", () => {
    const parts = breakdown({ traceId: 't', operation: 'read space', ms: 110 }, spans)!;
    expect(Object.fromEntries(parts)).toEqual({
      gateway: 20,
      'nats + queue → content': 20,
      'content handler': 40,
      'postgres from content': 20,
      'outside the gateway span': 10,
    });
    expect([...parts.values()].reduce((a, b) => a + b, 0)).toBe(110);
  });

  it('explains nothing without the gateway span (its export lost)', () => {
    expect(breakdown({ traceId: 't', operation: 'read space', ms: 110 }, spans.slice(1))).toBeUndefined();
  });
});
