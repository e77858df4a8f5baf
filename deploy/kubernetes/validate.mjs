// Validates Kubernetes manifests offline against the API's schemas (kubernetes-models, ESM-only,
// hence a script of its own that the jest test runs). Usage: node validate.mjs <file.yaml>…
// Prints one line per invalid or unknown object and exits 1 if there is any.
import { readFileSync } from 'node:fs';
import { loadAll } from 'js-yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';

const MODELS = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

let failures = 0;
for (const file of process.argv.slice(2)) {
  for (const doc of loadAll(readFileSync(file, 'utf8'))) {
    const where = `${file}: ${doc?.kind}/${doc?.metadata?.name}`;
    const Model = MODELS[`${doc?.apiVersion}/${doc?.kind}`];
    if (!Model) {
      failures++;
      console.log(`${where}: no schema for ${doc?.apiVersion} ${doc?.kind}`);
      continue;
    }
    try {
      new Model(doc).validate();
    } catch (error) {
      failures++;
      console.log(`${where}: ${error.message}`);
    }
  }
}
process.exit(failures > 0 ? 1 : 0);
