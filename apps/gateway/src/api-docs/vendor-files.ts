import { resolve } from 'node:path';

/**
 * Where the build step (`vendor.ts`) leaves the files the API docs serve: `apps/gateway/dist/api-docs/vendor`,
 * reached the same way from the compiled code (`dist/api-docs`) and from the sources under test (`src/api-docs`).
 */
export const VENDOR_DIR = resolve(__dirname, '..', '..', 'dist', 'api-docs', 'vendor');

/** The official releases merged into one document (`merge-releases.ts`). */
export const OFFICIAL_DOCUMENT = 'official-openapi.json';

/** Files of the reference page, by the name in its URL (`/v1/reference/{asset}`). */
export const REFERENCE_ASSETS: Record<string, { file: string; type: string; vendored: boolean }> = {
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8', vendored: true },
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8', vendored: true },
  'reference.js': { file: 'reference.js', type: 'text/javascript; charset=utf-8', vendored: false },
};
