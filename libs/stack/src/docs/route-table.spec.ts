import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../apps';
import { readRouteTable, type RouteTable, routesMarkdown } from './route-table';

/** Routes the gateway answers itself, without a service: probes and the API's own documentation. */
const GATEWAY_ONLY = ['GET /healthz', 'GET /readyz', 'GET /v1/openapi.json', 'GET /v1/reference', 'GET /v1/reference/{asset}'];

describe('the route table (docs/routes.md)', () => {
  const root = repoRoot();
  let table: RouteTable;
  beforeAll(() => {
    table = readRouteTable(root);
  }, 60_000);

  it('gives every route a handler for each subject it sends', () => {
    const unhandled = table.routes.flatMap((r) =>
      r.subjects.filter((s) => !table.handlers.has(s)).map((s) => `${r.method} ${r.path} → ${s}`),
    );
    expect(unhandled).toEqual([]);
  });

  it('has a route, service or worker calling every handled subject', () => {
    expect([...table.handlers.keys()].filter((subject) => !table.called.has(subject))).toEqual([]);
  });

  it('sends a subject from every route but the gateway’s own', () => {
    const withoutSubject = table.routes.filter((r) => r.subjects.length === 0).map((r) => `${r.method} ${r.path}`);
    expect(withoutSubject.sort()).toEqual([...GATEWAY_ONLY].sort());
  });

  it('has one handler per subject', () => {
    expect([...table.handlers].filter(([, list]) => list.length > 1).map(([subject]) => subject)).toEqual([]);
  });

  it('is written in docs/routes.md (regenerate: node libs/stack/dist/bin/docs-routes.js)', () => {
    expect(readFileSync(join(root, 'docs', 'routes.md'), 'utf8')).toBe(routesMarkdown(table));
  });
});
