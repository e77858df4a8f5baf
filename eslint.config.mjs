// One lint configuration for the whole monorepo: type-aware rules that catch the bugs that matter
// in async NestJS code (floating promises, misused promises, non-exhaustive switches).
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const LIB_ENTRY_POINTS = {
  group: ['@bindery/*/src/*', '@bindery/*/dist/*', '**/libs/*/src/*'],
  message: "Import a lib from its entry point ('@bindery/x' or '@bindery/platform/nest').",
};
// The gateway's context folders (identity, content, ...), each with its routes and DTOs.
const GATEWAY_CONTEXTS = readdirSync(new URL('./apps/gateway/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Data access calls, allowed only in repositories (see below). */
const DATA_ACCESS_CALLS = ['query', 'createQueryBuilder', 'getRepository'].map((method) => ({
  selector: `CallExpression[callee.property.name='${method}']`,
  message: `.${method}() belongs in a *.repository.ts (data access lives in repositories).`,
}));

/**
 * Content's folders and the folders each may import (besides itself and libs). The low layers (store,
 * access, model, clock, config) import no feature: a store that imported a feature would pull the
 * features into each other again. The features listed import the store and a few features below them,
 * never one beside or above them: spaces and search share the store (space access, the search-index
 * queue), and change requests never import the content reads (which map a merged change request), so
 * neither pair can import each other again. A folder not listed here is not checked.
 */
const LOW_LAYERS = ['store', 'access', 'model', 'clock', 'config'];
const CONTENT_LAYERS = {
  store: ['model', 'clock', 'config', 'access'],
  access: ['model', 'clock', 'config'],
  model: ['clock'],
  clock: [],
  config: [],
  spaces: LOW_LAYERS,
  // The pages computed pages generate are indexed too (computed never imports search).
  search: [...LOW_LAYERS, 'computed'],
  'change-requests': [...LOW_LAYERS, 'files', 'pages'],
  reads: [...LOW_LAYERS, 'files', 'pages', 'change-requests', 'computed'],
  // Computed pages' generated children, which the reads show: never the reads themselves.
  computed: [...LOW_LAYERS, 'pages'],
};
/** One block per folder depth, so the `../` count in a specifier says exactly which src/ folder it names. */
const contentLayerRules = Object.entries(CONTENT_LAYERS).flatMap(([layer, allowed]) =>
  [1, 2, 3].map((depth) => ({
    files: [`apps/content/src/${layer}/${'*/'.repeat(depth - 1)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            LIB_ENTRY_POINTS,
            {
              regex: `^(\\.\\./){${depth}}(?!(${[layer, ...allowed].join('|')})/)`,
              message: `apps/content/src/${layer} imports only ${[...allowed, 'libs'].join(', ')}, never a folder above or beside it.`,
            },
          ],
        },
      ],
    },
  })),
);

const HAND_PICKED_ENVELOPE = {
  selector: "TSTypeReference[typeName.name='Envelope']",
  message: 'A handler takes RpcEnvelope<typeof S.x> and returns RpcResult<typeof S.x> (typed by its subject), not Envelope<T>.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Nest injects by the runtime class, so a type-only import of an injected class breaks DI.
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-restricted-imports': ['error', { patterns: [LIB_ENTRY_POINTS] }],
    },
  },
  // Data access lives in repositories (`*.repository.ts`): services, handlers and helpers never run
  // SQL or reach TypeORM repositories themselves. Migrations and data sources are data access by
  // nature. Content's content-addressed store (page nodes, bodies, the collector and its lock) and
  // the sibling renumbering are data-access modules named for what they store.
  {
    files: ['apps/*/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.spec.ts',
      'apps/*/src/database/**',
      'apps/content/src/store/content-store.ts',
      'apps/content/src/store/content-collector.ts',
      'apps/content/src/store/content-write-lock.ts',
      'apps/content/src/store/sibling-positions.ts',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...DATA_ACCESS_CALLS],
    },
  },
  // A request/reply handler takes `RpcEnvelope<typeof S.x>` and answers `RpcResult<typeof S.x>`, so
  // its input and result are the subject's (ServiceRpc); a hand-picked `Envelope<T>` is checked by
  // nothing. (A file's `no-restricted-syntax` options replace earlier ones: the data-access calls are repeated.)
  {
    files: ['apps/*/src/**/*.handler.ts'],
    rules: { 'no-restricted-syntax': ['error', ...DATA_ACCESS_CALLS, HAND_PICKED_ENVELOPE] },
  },
  {
    files: ['libs/*/src/**/*.handler.ts'],
    rules: { 'no-restricted-syntax': ['error', HAND_PICKED_ENVELOPE] },
  },
  // A gateway context (apps/gateway/src/<ctx>/) uses its own DTOs; what two contexts share goes in common/.
  ...GATEWAY_CONTEXTS.map((context) => ({
    files: [`apps/gateway/src/${context}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            LIB_ENTRY_POINTS,
            {
              group: GATEWAY_CONTEXTS.filter((other) => other !== context).map((other) => `**/${other}/dto/**`),
              message: `apps/gateway/src/${context} must not import another context's DTOs: move what is shared to src/common.`,
            },
          ],
        },
      ],
    },
  })),
  ...contentLayerRules,
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
