import { ApiClient, testStack } from '@bindery/testing';

const SECTIONS = Number(process.env.BENCH_SITE_SECTIONS ?? 200);
const GROUPS = Number(process.env.BENCH_SITE_GROUPS ?? 20);
const SITE_SPACES = Number(process.env.BENCH_SITE_SPACES ?? 1000);
const DISTINCT_SPACES = 20;
const READS = Number(process.env.BENCH_SITE_READS ?? 200);

/**
 * The published structure of a large site: SECTIONS sections in GROUPS groups holding SITE_SPACES
 * site spaces (over DISTINCT_SPACES spaces), one in ten with a condition, adaptive content on.
 * Sequential reads through the gateway, without a visitor, with unsigned claims, and with a
 * signed visitor token (target p99 < 50 ms).
 */
export async function sitesBench(): Promise<string[]> {
  const { gatewayUrl, adminToken, adminOrganizationId: org } = testStack();
  const api = new ApiClient(gatewayUrl, adminToken);
  const seedStart = Date.now();
  const spaces: string[] = [];
  for (let i = 0; i < DISTINCT_SPACES; i++)
    spaces.push((await call<{ id: string }>(api, 'POST', `/v1/orgs/${org}/spaces`, { title: `Bench space ${i}` })).id);
  const site = await call<{ id: string }>(api, 'POST', `/v1/orgs/${org}/sites`, { title: 'Bench site' });
  const base = `/v1/orgs/${org}/sites/${site.id}`;
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++)
    groups.push((await call<{ id: string }>(api, 'POST', `${base}/section-groups`, { title: `Group ${g}` })).id);
  const sections: string[] = [];
  for (let s = 0; s < SECTIONS; s++) {
    const body = { spaceId: spaces[s % spaces.length], title: `Section ${s}`, siteSectionGroupId: groups[s % groups.length] };
    sections.push((await call<{ id: string }>(api, 'POST', `${base}/sections`, body)).id);
  }
  for (let n = SECTIONS; n < SITE_SPACES; n++) {
    const added = await call<{ id: string }>(api, 'POST', `${base}/site-spaces`, {
      spaceId: spaces[n % spaces.length],
      sectionId: sections[n % sections.length],
    });
    if (n % 10 === 0) await call(api, 'PATCH', `${base}/site-spaces/${added.id}`, { condition: 'visitor.claims.unsigned.beta == true' });
  }
  await call(api, 'PUT', `${base}/adaptive-schema`, {
    jsonSchema: {
      type: 'object',
      properties: {
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { beta: { type: 'boolean', description: 'Beta' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
  });
  await call(api, 'PATCH', base, { adaptiveContent: { enabled: true } });
  await call(api, 'POST', `${base}/publish`);
  const token = (await call<{ serviceVisitorClaims: string }>(api, 'POST', `/v1/orgs/${org}/ping`)).serviceVisitorClaims;
  const lines = [
    `seeded ${SECTIONS} sections in ${GROUPS} groups, ${SITE_SPACES} site spaces in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
  ];

  const claims = encodeURIComponent(JSON.stringify({ beta: true }));
  for (const [label, query] of [
    ['no visitor', ''],
    ['unsigned claims', `?visitorClaims=${claims}`],
    ['signed token + unsigned claims', `?visitorToken=${token}&visitorClaims=${claims}`],
  ] as const) {
    await call(api, 'GET', `${base}/published${query}`); // warm: the service caches the site's rows by version
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < READS; i++) {
      const start = performance.now();
      const response = await api.get(`${base}/published${query}`);
      times.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`published: HTTP ${response.status}`);
      bytes = JSON.stringify(response.body).length;
    }
    lines.push(`published structure, ${label}: ${stats(times)}, ${(bytes / 1024).toFixed(0)} KB (target p99 < 50 ms)`);
  }
  return lines;
}

async function call<T = unknown>(api: ApiClient, method: string, path: string, body?: unknown): Promise<T> {
  const response = await api.request<T>(method, path, body ?? (method === 'POST' ? {} : undefined));
  if (response.status >= 300) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

function stats(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)].toFixed(1);
  return `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms (n=${sorted.length})`;
}
