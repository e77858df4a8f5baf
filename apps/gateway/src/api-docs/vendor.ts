/**
 * Build step (`pnpm build` runs it after tsc): writes what the API docs serve into
 * `dist/api-docs/vendor/`, so the image carries one merged official document (~2 MB) and the
 * two Swagger UI files instead of three `@gitbook/api` releases and `swagger-ui-dist` (all dev
 * dependencies of the gateway).
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mergeReleases } from './merge-releases';
import type { OpenApiDocument } from './openapi-types';
import { OFFICIAL_DOCUMENT, REFERENCE_ASSETS, VENDOR_DIR } from './vendor-files';

/** Newest first: operations only older releases have are taken from them (Bindery implements a few). */
const RELEASES = ['@gitbook/api', '@gitbook/api-0.181', '@gitbook/api-0.146'];

function release(name: string): { version: string; document: OpenApiDocument } {
  // The package exports its spec files but not its package.json: read that beside them.
  const spec = require.resolve(`${name}/spec/openapi.json`);
  const version = (JSON.parse(readFileSync(join(dirname(spec), '..', 'package.json'), 'utf8')) as { version: string }).version;
  const document = JSON.parse(readFileSync(spec, 'utf8')) as OpenApiDocument;
  return { version, document };
}

mkdirSync(VENDOR_DIR, { recursive: true });
writeFileSync(join(VENDOR_DIR, OFFICIAL_DOCUMENT), JSON.stringify(mergeReleases(RELEASES.map(release))));
const swaggerUi = dirname(require.resolve('swagger-ui-dist/package.json'));
for (const asset of Object.values(REFERENCE_ASSETS))
  if (asset.vendored) copyFileSync(join(swaggerUi, asset.file), join(VENDOR_DIR, asset.file));
