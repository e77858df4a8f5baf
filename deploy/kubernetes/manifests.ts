import {
  ALL_APPS,
  type AppSpec,
  GATEWAY,
  memoryBudget,
  memoryFlags,
  youngGenerationFloor,
  natsPasswordVariable,
  READER,
  roleOf,
  SERVICES,
  WORKERS,
} from '@bindery/stack';

/**
 * The Kubernetes manifests of every app and worker, made from the same app list as the local
 * stack and docker-compose.yml, so a new app gets its Deployment here by being listed there.
 * `deploy/kubernetes/bindery.yaml` is this output; `deploy/kubernetes.spec.ts` checks that it is up
 * to date (regenerate with `UPDATE_MANIFESTS=1 pnpm --filter @bindery/deploy test`) and valid.
 */

type Manifest = Record<string, unknown>;

const IMAGE = 'bindery:latest';
const METRICS_PORT = 9464;
const GATEWAY_PORT = 8080;
const READER_PORT = 8090;
const labels = (app: string) => ({ 'app.kubernetes.io/name': app, 'app.kubernetes.io/part-of': 'bindery' });

/** Per-app Secret keys (see secrets.example.yaml): its NATS password and, with a schema, its database URL. */
const secretName = (app: AppSpec) => `bindery-${app.name}`;
const secretEnv = (app: AppSpec, name: string, key: string) => ({ name, valueFrom: { secretKeyRef: { name: secretName(app), key } } });

function envOf(app: AppSpec): Manifest[] {
  const env: Manifest[] = [{ name: 'NATS_USER', value: app.name }, secretEnv(app, 'NATS_PASSWORD', 'nats-password')];
  if (app.schema) env.push(secretEnv(app, 'DATABASE_URL', 'database-url'));
  for (const name of app.secrets ?? []) env.push({ name, valueFrom: { secretKeyRef: { name: 'bindery-shared', key: name } } });
  if (app === GATEWAY) env.push({ name: 'HOST', value: '0.0.0.0' }, { name: 'PORT', value: String(GATEWAY_PORT) });
  if (app === READER) env.push({ name: 'READER_HOST', value: '0.0.0.0' }, { name: 'READER_PORT', value: String(READER_PORT) });
  // The heap limit and young generation the app is planned with (see memoryBudget): inside the container's memory limit.
  env.push({ name: 'NODE_OPTIONS', value: memoryFlags(app).join(' ') });
  return env;
}

const command = (app: AppSpec, file = app.entry ?? 'main.js') => ['node', `apps/${app.dir ?? app.name}/dist/${file}`];
// A serving app's young-generation floor is a command-line flag (Node refuses it in NODE_OPTIONS; see heapLimitArgs).
const serveCommand = (app: AppSpec) => ['node', ...youngGenerationFloor(app), ...command(app).slice(1)];

function deployment(app: AppSpec): Manifest {
  const probePort = app === GATEWAY ? GATEWAY_PORT : METRICS_PORT;
  const isWorker = WORKERS.includes(app);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: `bindery-${app.name}`, labels: labels(app.name) },
    spec: {
      replicas: app === GATEWAY ? 2 : 1,
      selector: { matchLabels: labels(app.name) },
      template: {
        metadata: {
          labels: labels(app.name),
          annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(METRICS_PORT), 'prometheus.io/path': '/metrics' },
        },
        spec: {
          // Workers finish or release the jobs in hand on SIGTERM (WORKER_SHUTDOWN_GRACE_MS, 20 s).
          terminationGracePeriodSeconds: isWorker ? 30 : 15,
          containers: [
            {
              name: app.name,
              image: IMAGE,
              command: serveCommand(app),
              envFrom: [{ configMapRef: { name: 'bindery-config' } }],
              env: envOf(app),
              ports: [
                ...(app === GATEWAY ? [{ name: 'http', containerPort: GATEWAY_PORT }] : []),
                ...(app === READER ? [{ name: 'http', containerPort: READER_PORT }] : []),
                { name: 'metrics', containerPort: METRICS_PORT },
              ],
              livenessProbe: { httpGet: { path: '/healthz', port: probePort }, periodSeconds: 10, failureThreshold: 3 },
              readinessProbe: { httpGet: { path: '/readyz', port: probePort }, periodSeconds: 5, failureThreshold: 2 },
              resources: {
                requests: isWorker ? { cpu: '250m', memory: '256Mi' } : { cpu: '100m', memory: '192Mi' },
                limits: { cpu: '1', memory: `${memoryBudget(app).containerMb}Mi` },
              },
              securityContext: { runAsNonRoot: true, allowPrivilegeEscalation: false, readOnlyRootFilesystem: false },
            },
          ],
        },
      },
    },
  };
}

function autoscaler(app: AppSpec): Manifest {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: `bindery-${app.name}`, labels: labels(app.name) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: `bindery-${app.name}` },
      minReplicas: app === GATEWAY ? 2 : 1,
      maxReplicas: 10,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
    },
  };
}

/** Schemas and roles (admin URL), then every service's migrations with its own role, before any app serves. */
function migrationJob(): Manifest {
  const services = SERVICES.filter((s) => s.schema);
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'bindery-migrate', labels: labels('migrate') },
    spec: {
      backoffLimit: 6,
      template: {
        metadata: { labels: labels('migrate') },
        spec: {
          restartPolicy: 'OnFailure',
          initContainers: [
            {
              name: 'provision',
              image: IMAGE,
              command: ['node', 'libs/stack/dist/bin/provision.js'],
              env: [
                { name: 'ADMIN_DATABASE_URL', valueFrom: { secretKeyRef: { name: 'bindery-shared', key: 'ADMIN_DATABASE_URL' } } },
                ...services.map((s) => ({
                  name: `${s.schema!.toUpperCase().replace(/-/g, '_')}_DB_PASSWORD`,
                  valueFrom: { secretKeyRef: { name: secretName(s), key: 'database-password' } },
                })),
              ],
            },
            ...services.map((s) => ({
              name: `migrate-${s.name}`,
              image: IMAGE,
              command: command(s, 'migrate.js'),
              env: [secretEnv(s, 'DATABASE_URL', 'database-url')],
            })),
          ],
          containers: [{ name: 'done', image: IMAGE, command: ['node', '-e', "console.log('migrations applied')"] }],
        },
      },
    },
  };
}

export function renderManifests(): Manifest[] {
  const config: Manifest = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'bindery-config', labels: labels('config') },
    data: { NATS_URL: 'nats://nats:4222', LOG_LEVEL: 'info', METRICS_PORT: String(METRICS_PORT), METRICS_HOST: '0.0.0.0' },
  };
  const gatewayService: Manifest = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'bindery-gateway', labels: labels('gateway') },
    spec: { selector: labels('gateway'), ports: [{ name: 'http', port: 80, targetPort: GATEWAY_PORT }] },
  };
  const readerService: Manifest = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'bindery-reader', labels: labels('reader') },
    spec: { selector: labels('reader'), ports: [{ name: 'http', port: 80, targetPort: READER_PORT }] },
  };
  return [config, migrationJob(), gatewayService, readerService, ...ALL_APPS.flatMap((app) => [deployment(app), autoscaler(app)])];
}

/** Example Secrets with placeholders: one per app (its NATS password, database URL and password) and the shared ones. */
export function renderSecretsExample(): Manifest[] {
  const shared = new Set<string>(['ADMIN_DATABASE_URL']);
  for (const app of ALL_APPS) for (const name of app.secrets ?? []) shared.add(name);
  return [
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'bindery-shared' },
      type: 'Opaque',
      stringData: Object.fromEntries(
        [...shared].map((name) => [
          name,
          name === 'ADMIN_DATABASE_URL' ? 'postgres://bindery_admin:CHANGE-ME@postgres:5432/postgres' : 'CHANGE-ME',
        ]),
      ),
    },
    ...ALL_APPS.map((app) => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: secretName(app) },
      type: 'Opaque',
      stringData: {
        'nats-password': `CHANGE-ME (the nats-server's $${natsPasswordVariable(app.name)})`,
        ...(app.schema
          ? {
              'database-password': 'CHANGE-ME',
              'database-url': `postgres://${roleOf(app.schema)}:CHANGE-ME@postgres:5432/bindery`,
            }
          : {}),
      },
    })),
  ];
}
