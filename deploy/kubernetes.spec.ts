import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_APPS, appEntry } from '@bindery/stack';
import { dump, loadAll } from 'js-yaml';
import { renderManifests, renderSecretsExample } from './kubernetes/manifests';

const HEADER =
  '# Generated from libs/stack/src/apps.ts by deploy/kubernetes/manifests.ts — do not edit by hand.\n# Regenerate: UPDATE_MANIFESTS=1 pnpm --filter @bindery/deploy test\n';
const render = (docs: object[]): string => HEADER + docs.map((doc) => `---\n${dump(doc, { lineWidth: 140, noRefs: true })}`).join('');

const files = [
  { path: join(__dirname, 'kubernetes', 'bindery.yaml'), docs: renderManifests() },
  { path: join(__dirname, 'kubernetes', 'secrets.example.yaml'), docs: renderSecretsExample() },
];

describe('deploy/kubernetes', () => {
  if (process.env.UPDATE_MANIFESTS) for (const file of files) writeFileSync(file.path, render(file.docs));

  it.each(files.map((f) => [f.path.split('/').pop(), f] as const))('%s is what the app list generates', (_name, file) => {
    expect(readFileSync(file.path, 'utf8')).toBe(render(file.docs));
  });

  it('every object validates against the Kubernetes schemas (offline, kubernetes-models)', () => {
    const result = spawnSync(process.execPath, [join(__dirname, 'kubernetes', 'validate.mjs'), ...files.map((f) => f.path)], {
      encoding: 'utf8',
    });
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  });

  it('the validator refuses an invalid object', () => {
    const broken = join(tmpdir(), `bindery-broken-${process.pid}.yaml`);
    writeFileSync(broken, 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\nspec: {replicas: many}\n');
    const result = spawnSync(process.execPath, [join(__dirname, 'kubernetes', 'validate.mjs'), broken], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('Deployment/x');
  });

  it('has a Deployment with probes, resources and an autoscaler for every app with an entry point', () => {
    const docs = loadAll(readFileSync(files[0].path, 'utf8')) as Array<{
      kind: string;
      metadata: { name: string };
      spec: Record<string, never>;
    }>;
    const names = (kind: string) => docs.filter((d) => d.kind === kind).map((d) => d.metadata.name);
    for (const app of ALL_APPS) {
      expect(appEntry(app)).toMatch(/\.js$/);
      expect(names('Deployment')).toContain(`bindery-${app.name}`);
      expect(names('HorizontalPodAutoscaler')).toContain(`bindery-${app.name}`);
    }
    for (const deployment of docs.filter((d) => d.kind === 'Deployment')) {
      const container = (deployment.spec as { template: { spec: { containers: Array<Record<string, unknown>> } } }).template.spec
        .containers[0];
      expect(container).toMatchObject({
        livenessProbe: { httpGet: { path: '/healthz' } },
        readinessProbe: { httpGet: { path: '/readyz' } },
      });
      expect(container.resources).toMatchObject({ requests: { cpu: expect.any(String) }, limits: { memory: expect.any(String) } });
      // V8's heap limit is set, and leaves room inside the container's limit (young generation, code, threads).
      const limitMi = Number(/^(\d+)Mi$/.exec((container.resources as { limits: { memory: string } }).limits.memory)![1]);
      const nodeOptions = (container.env as Array<{ name: string; value?: string }>).find((e) => e.name === 'NODE_OPTIONS')!.value!;
      const heapMb = Number(/--max-old-space-size=(\d+)/.exec(nodeOptions)![1]);
      expect(heapMb).toBeLessThanOrEqual(limitMi - 256);
    }
    expect(names('Job')).toEqual(['bindery-migrate']);
  });

  it('puts no secret value in the manifests: passwords and database URLs come from Secrets', () => {
    const text = readFileSync(files[0].path, 'utf8');
    expect(text).not.toMatch(/PASSWORD\s*\n\s*value:/);
    expect(text).not.toMatch(/postgres:\/\/[^\s]*:[^\s@]+@/);
  });
});
