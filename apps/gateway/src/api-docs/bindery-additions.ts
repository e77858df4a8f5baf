import type { Additions } from './build-document';
import type { Operation } from './openapi-types';

/**
 * What Bindery serves beyond the official document, written by hand: its own routes (probes,
 * these docs, signed downloads, SAML browser flow, published OpenAPI specs) and the headers every
 * route shares. A new Bindery-only route needs its entry here: the coverage test
 * (`test/int/api-docs.int-spec.ts`) fails until it has one.
 */

const TAG = 'bindery';
const ROOT = [{ url: '/', description: 'The gateway’s root (outside /v1)' }];

const errorResponse = (description: string) => ({ description, $ref: '#/components/responses/BinderyError' });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const pathParam = (name: string, description: string, pattern?: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', ...(pattern ? { pattern } : {}) },
});
const queryParam = (name: string, description: string, required = true) => ({
  name,
  in: 'query',
  required,
  description,
  schema: { type: 'string' },
});

function op(operationId: string, summary: string, rest: Partial<Operation>): Operation {
  return { operationId, summary, tags: [TAG], ...rest };
}

const binary = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string', format: 'binary' } } },
});

const PAGE_TYPE_NOTE =
  'Bindery extension: the kind of page (`document` by default). A `group` is a heading of the table of contents, ' +
  'only at the root, with pages and no document; a `link` points to `href` or `target` and has no document nor subpages; ' +
  'a `computed` page takes `computed` (an OpenAPI source) and has no document: its subpages are generated from the ' +
  "organization's newest processed version of the spec, and regenerated when a new version is processed.";

/** Bindery-only fields of insert_page and update_page (groups and links). */
const PAGE_TYPE_FIELDS = {
  type: { type: 'string', enum: ['document', 'group', 'link', 'computed'], description: 'Kind of page (Bindery extension).' },
  computed: {
    description: 'A computed page’s source: `builtin:openapi`, a spec by slug, `props.models` and `props.grouping` (Bindery extension).',
    $ref: '#/components/schemas/ComputedContentSourceRevisionOpenAPI',
  },
  href: {
    type: 'string',
    maxLength: 2048,
    pattern: '^(https?://|mailto:)',
    description: 'A link page’s URL: http, https or mailto (Bindery extension; shorthand for a `url` target).',
  },
  target: {
    description: 'A link page’s target: a URL, page, file or anchor (Bindery extension).',
    oneOf: [
      { $ref: '#/components/schemas/ContentRefURL' },
      { $ref: '#/components/schemas/ContentRefPage' },
      { $ref: '#/components/schemas/ContentRefFile' },
      { $ref: '#/components/schemas/ContentRefAnchor' },
    ],
  },
};

const REUSABLE_NOTE =
  'Bindery extension: the official batch has no reusable content operations. A reusable content is a shared document ' +
  'that `reusable-content` blocks of many pages show; a JSON document of the same batch may name a new one by its `ref`.';

const reusableChange = (operation: string, required: string[], properties: Record<string, unknown>, summary: string) => ({
  type: 'object',
  description: `${summary} ${REUSABLE_NOTE}`,
  'x-bindery-extension': true,
  required: ['operation', ...required],
  properties: { operation: { type: 'string', enum: [operation] }, ...properties },
});

const REUSABLE_DOCUMENT = {
  description: 'The body, as for insert_page: Markdown or a JSON document.',
  $ref: '#/components/schemas/Document',
};

/** Schemas of the reusable content operations of `updateChangeRequestContent` (Bindery extension). */
const REUSABLE_CHANGE_SCHEMAS = {
  BinderyChangeRequestContentChangeInsertReusableContent: reusableChange(
    'insert_reusable_content',
    ['title'],
    {
      title: { type: 'string', minLength: 1, maxLength: 255 },
      ref: { type: 'string', maxLength: 100, description: 'Names the new reusable content in the documents of this batch.' },
      document: REUSABLE_DOCUMENT,
    },
    'Creates a reusable content.',
  ),
  BinderyChangeRequestContentChangeUpdateReusableContent: reusableChange(
    'update_reusable_content',
    ['reusableContent'],
    { reusableContent: { type: 'string' }, title: { type: 'string', minLength: 1, maxLength: 255 }, document: REUSABLE_DOCUMENT },
    'Renames a reusable content or replaces its body.',
  ),
  BinderyChangeRequestContentChangeDeleteReusableContent: reusableChange(
    'delete_reusable_content',
    ['reusableContent'],
    { reusableContent: { type: 'string' } },
    'Deletes a reusable content (blocks naming it then show nothing).',
  ),
};

export const BINDERY_ADDITIONS: Additions = {
  tags: [{ name: TAG, description: 'Routes of this Bindery server that the GitBook API does not define.' }],
  paths: {
    '/healthz': {
      servers: ROOT,
      get: op('binderyLiveness', 'Liveness probe: the gateway process answers', {
        responses: { 200: { description: 'Alive', content: json({ type: 'object', properties: { status: { const: 'ok' } } }) } },
      }),
    },
    '/readyz': {
      servers: ROOT,
      get: op('binderyReadiness', 'Readiness probe: NATS is up and every service answers its health check', {
        responses: {
          200: { description: 'Ready', content: json({ $ref: '#/components/schemas/BinderyReadiness' }) },
          503: {
            description: 'Not ready; `services` says which are down',
            content: json({ $ref: '#/components/schemas/BinderyReadiness' }),
          },
        },
      }),
    },
    '/openapi.json': {
      get: op('binderyApiDocument', 'This document: the OpenAPI document of the operations this server implements', {
        responses: { 200: { description: 'The document', content: json({ type: 'object' }) } },
      }),
    },
    '/reference': {
      get: op('binderyApiReference', 'The readable API reference (HTML), rendered from this document', {
        responses: { 200: { description: 'HTML page', content: { 'text/html': { schema: { type: 'string' } } } } },
      }),
    },
    '/reference/{asset}': {
      get: op('binderyApiReferenceAsset', 'A script or style sheet of the reference page (served from the gateway, no CDN)', {
        parameters: [pathParam('asset', 'File name', '^[a-z.-]+$')],
        responses: {
          200: {
            description: 'The file',
            content: { 'text/javascript': { schema: { type: 'string' } }, 'text/css': { schema: { type: 'string' } } },
          },
          404: errorResponse('No such file'),
        },
      }),
    },
    '/user/invites': {
      get: op('binderyListUserInvites', 'List the invitations waiting for the authenticated user', {
        description: 'The official API delivers invitations by email; each is accepted with `joinOrganizationWithInvite`.',
        parameters: [{ $ref: '#/components/parameters/listPage' }, { $ref: '#/components/parameters/listLimit' }],
        responses: {
          200: {
            description: 'Pending invitations',
            content: json({
              allOf: [
                { $ref: '#/components/schemas/List' },
                {
                  type: 'object',
                  required: ['items'],
                  properties: { items: { type: 'array', items: { $ref: '#/components/schemas/BinderyPendingInvite' } } },
                },
              ],
            }),
          },
        },
      }),
    },
    '/files/{hash}/download': {
      get: op('binderyDownloadFile', 'Download a file’s bytes with the signed, expiring link of its `downloadURL`', {
        parameters: [
          pathParam('hash', 'SHA-256 of the bytes', '^[0-9a-f]{64}$'),
          queryParam('type', 'Content type to answer with'),
          queryParam('expires', 'Expiry (Unix seconds)'),
          queryParam('signature', 'Signature of the link'),
        ],
        responses: {
          200: binary('application/octet-stream', 'The bytes'),
          403: errorResponse('Bad or expired signature'),
          404: errorResponse('Unknown file'),
        },
      }),
    },
    '/exports/pdf': {
      get: op('binderyDownloadPdf', 'Render and download a PDF export with the signed link `getSpacePDF` answered', {
        parameters: [
          queryParam('space', 'Space id'),
          queryParam('revision', 'Revision id'),
          queryParam('page', 'Page id (only this page and its descendants)', false),
          queryParam('only', 'Only the page itself', false),
          queryParam('expires', 'Expiry (Unix seconds)'),
          queryParam('signature', 'Signature of the link'),
        ],
        responses: {
          200: binary('application/pdf', 'The PDF'),
          403: errorResponse('Bad or expired signature'),
          404: errorResponse('Unknown space, revision or page'),
        },
      }),
    },
    '/openapi/{specId}/published': {
      get: op('binderyPublishedOpenAPISpec', 'The latest version of a public OpenAPI spec (`urls.published`), bundled as JSON', {
        parameters: [pathParam('specId', 'Spec id (the unguessable link)')],
        responses: {
          200: { description: 'The bundled document', content: json({ type: 'object' }) },
          304: { description: 'Not modified (`If-None-Match` matched the ETag)' },
          404: errorResponse('Unknown or private spec'),
        },
      }),
    },
    '/spaces/{spaceId}/git/webhook': {
      parameters: [pathParam('spaceId', 'Space id')],
      put: op('binderySetGitWebhook', 'Set or rotate the space’s push webhook secret (space admins)', {
        description: 'GitHub deliveries are signed with it (`X-Hub-Signature-256`), GitLab sends it as `X-Gitlab-Token`.',
        requestBody: {
          required: false,
          content: json({
            type: 'object',
            properties: { secret: { type: 'string', minLength: 16, maxLength: 256, description: 'Generated when absent' } },
          }),
        },
        responses: {
          200: { description: 'The secret and the URL to give the Git host', content: json({ type: 'object' }) },
          400: errorResponse('Invalid secret'),
          403: errorResponse('Not an admin of the space'),
          404: errorResponse('Unknown space'),
        },
      }),
      delete: op('binderyDeleteGitWebhook', 'Remove the space’s push webhook (204 also when absent)', {
        responses: {
          204: { description: 'Removed' },
          403: errorResponse('Not an admin of the space'),
          404: errorResponse('Unknown space'),
        },
      }),
      post: op('binderyReceiveGitWebhook', 'A push delivery from GitHub or GitLab: schedules an import of the synced branch', {
        description: 'Authorised by the HMAC signature (GitHub) or token (GitLab) checked against the space’s secret.',
        requestBody: { required: true, content: json({ type: 'object' }) },
        responses: {
          202: {
            description: 'Accepted; `scheduled` says whether an import was queued',
            content: json({
              type: 'object',
              required: ['scheduled'],
              properties: { scheduled: { type: 'boolean' }, reason: { type: 'string' } },
            }),
          },
          401: errorResponse('Missing or wrong signature'),
          404: errorResponse('Unknown space or no webhook configured'),
        },
      }),
    },
    '/orgs/{organizationId}/sites/{siteId}/feedback': {
      get: op('binderyListSiteFeedback', 'List the “was this helpful?” ratings visitors gave a site’s pages, newest first', {
        description:
          'Ratings and comments use the official `PageFeedbackRating` and `page_post_feedback_comment` shapes; the official API ' +
          'only aggregates insights events. Admins of the organization only. One rating per visitor and page (a new one replaces it).',
        parameters: [
          pathParam('organizationId', 'Organization id'),
          pathParam('siteId', 'Site id'),
          { $ref: '#/components/parameters/listPage' },
          { $ref: '#/components/parameters/listLimit' },
          { ...queryParam('pageId', 'Only ratings of this page', false) },
          { ...queryParam('siteSpaceId', 'Only ratings given in this site space (a variant of the site)', false) },
        ],
        responses: {
          200: {
            description: 'Ratings',
            content: json({
              allOf: [
                { $ref: '#/components/schemas/List' },
                {
                  type: 'object',
                  required: ['items'],
                  properties: { items: { type: 'array', items: { $ref: '#/components/schemas/BinderyPageFeedback' } } },
                },
              ],
            }),
          },
          403: errorResponse('Not an admin of the organization'),
          404: errorResponse('Unknown site'),
        },
      }),
    },
    '/orgs/{organizationId}/conversations-settings': {
      get: op('binderyGetConversationsSettings', 'The embedding engine an organization’s conversation clusters use', {
        description:
          'Bindery’s own. `embeddings` is the name of an operator-configured OpenAI-compatible endpoint ' +
          '(`CONVERSATIONS_EMBEDDING_ENDPOINTS`), or null for the built-in vectors; `availableEmbeddings` lists the names offered.',
        parameters: [pathParam('organizationId', 'Organization id')],
        responses: {
          200: { description: 'Settings', content: json({ $ref: '#/components/schemas/BinderyConversationsSettings' }) },
          404: errorResponse('Unknown organization'),
        },
      }),
      put: op('binderyUpdateConversationsSettings', 'Choose the embedding engine of an organization’s conversation clusters', {
        description:
          'Admins only. An endpoint is chosen by name among those the operator configured, never by URL. Clusters keep the vectors ' +
          'they were built with: after a switch, existing clusters stay readable and new issues start clusters of the new engine.',
        parameters: [pathParam('organizationId', 'Organization id')],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['embeddings'],
            additionalProperties: false,
            properties: { embeddings: { type: ['string', 'null'], minLength: 1, maxLength: 63 } },
          }),
        },
        responses: {
          200: { description: 'Settings', content: json({ $ref: '#/components/schemas/BinderyConversationsSettings' }) },
          400: errorResponse('Not a configured endpoint, or a bad body'),
          403: errorResponse('Not an admin of the organization'),
          404: errorResponse('Unknown organization'),
        },
      }),
    },
    '/orgs/{organizationId}/saml/{samlProviderId}/start': {
      get: op('binderySamlStart', 'Start SAML sign-in: redirects the browser to the identity provider', {
        description: 'With `Authorization: Bearer …`, the asserted identity is linked to the caller’s account.',
        parameters: [pathParam('organizationId', 'Organization id'), pathParam('samlProviderId', 'SAML provider id')],
        responses: { 302: { description: 'Redirect to the identity provider' }, 404: errorResponse('Unknown organization or provider') },
      }),
    },
    '/orgs/{organizationId}/saml/{samlProviderId}/acs': {
      post: op('binderySamlAcs', 'SAML assertion consumer service: the identity provider’s response (HTTP-POST binding)', {
        parameters: [pathParam('organizationId', 'Organization id'), pathParam('samlProviderId', 'SAML provider id')],
        requestBody: {
          required: true,
          content: {
            'application/x-www-form-urlencoded': {
              schema: { type: 'object', required: ['SAMLResponse'], properties: { SAMLResponse: { type: 'string' } } },
            },
            ...json({ type: 'object', required: ['SAMLResponse'], properties: { SAMLResponse: { type: 'string' } } }),
          },
        },
        responses: {
          200: { description: 'An expiring session token for the user', content: json({ type: 'object' }) },
          400: errorResponse('Invalid assertion'),
          403: errorResponse('Assertion refused'),
        },
      }),
    },
  },
  components: {
    parameters: {
      BinderyIdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Makes a POST safe to retry: the first answer is kept for 24 hours per token and key, and a retry with the same key ' +
          'and body gets it again (`Idempotent-Replayed: true`); the same key with another request, or while the first ' +
          'still runs, is a 409.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7e]+$' },
      },
    },
    headers: {
      'RateLimit-Limit': { description: 'Requests allowed per window', schema: { type: 'integer' } },
      'RateLimit-Remaining': { description: 'Requests left in this window', schema: { type: 'integer' } },
      'RateLimit-Reset': { description: 'Seconds until the window ends', schema: { type: 'integer' } },
      'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
    },
    responses: {
      BinderyError: {
        description: 'Error',
        content: json({ $ref: '#/components/schemas/BinderyError' }),
      },
      BinderyRateLimited: {
        description: 'Too many requests: per token on the API, per client address on public routes (`RATE_LIMIT_*`).',
        headers: {
          'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
          'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
          'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
          'Retry-After': { $ref: '#/components/headers/Retry-After' },
        },
        content: json({ $ref: '#/components/schemas/BinderyError' }),
      },
    },
    schemas: {
      ...REUSABLE_CHANGE_SCHEMAS,
      BinderyError: {
        type: 'object',
        required: ['error'],
        properties: {
          error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } },
        },
      },
      BinderyPendingInvite: {
        type: 'object',
        required: ['object', 'id', 'role', 'organization', 'createdAt', 'urls'],
        properties: {
          object: { const: 'pending-invite' },
          id: { type: 'string' },
          role: { $ref: '#/components/schemas/MemberRoleOrGuest' },
          organization: { type: 'object', required: ['id', 'title'], properties: { id: { type: 'string' }, title: { type: 'string' } } },
          createdAt: { type: 'string', format: 'date-time' },
          urls: { type: 'object', required: ['join'], properties: { join: { type: 'string', format: 'uri' } } },
        },
      },
      BinderyPageFeedback: {
        type: 'object',
        required: ['object', 'id', 'siteSpaceId', 'pageId', 'rating', 'createdAt'],
        properties: {
          object: { const: 'page-feedback' },
          id: { type: 'string' },
          siteSpaceId: { type: 'string' },
          pageId: { type: 'string' },
          rating: { type: 'string', enum: ['bad', 'ok', 'good'], description: 'As the official PageFeedbackRating' },
          comment: { type: 'string', minLength: 1, maxLength: 512 },
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
      BinderyConversationsSettings: {
        type: 'object',
        required: ['object', 'embeddings', 'availableEmbeddings'],
        properties: {
          object: { const: 'conversations-settings' },
          embeddings: { type: ['string', 'null'] },
          availableEmbeddings: { type: 'array', items: { type: 'string' } },
        },
      },
      BinderyReadiness: {
        type: 'object',
        properties: {
          status: { enum: ['ready', 'not-ready'] },
          services: { type: 'object', additionalProperties: { enum: ['up', 'degraded', 'down'] } },
        },
      },
    },
  },
  postParameters: [{ $ref: '#/components/parameters/BinderyIdempotencyKey' }],
  schemaExtensions: {
    ChangeRequestContentChangeInsertPage: {
      description: PAGE_TYPE_NOTE + ' `document` is required for a document page and refused (400) for a group, a link or a computed page.',
      properties: PAGE_TYPE_FIELDS,
      optional: ['document'],
    },
    ChangeRequestContentUpdate: {
      description: 'Bindery extension: the reusable contents the batch created.',
      properties: {
        insertedReusableContents: {
          type: 'array',
          description: 'Reusable contents created by `insert_reusable_content` changes, in order, with the `ref` each was given.',
          items: {
            allOf: [{ $ref: '#/components/schemas/RevisionReusableContent' }, { type: 'object', properties: { ref: { type: 'string' } } }],
          },
        },
      },
    },
    ChangeRequestContentChangeUpdatePage: {
      description: PAGE_TYPE_NOTE + ' Changing `type` drops the page’s document; a page with subpages cannot become a link.',
      properties: PAGE_TYPE_FIELDS,
    },
  },
  unionMembers: {
    ChangeRequestContentChange: {
      insert_reusable_content: 'BinderyChangeRequestContentChangeInsertReusableContent',
      update_reusable_content: 'BinderyChangeRequestContentChangeUpdateReusableContent',
      delete_reusable_content: 'BinderyChangeRequestContentChangeDeleteReusableContent',
    },
  },
  rateLimitedResponses: { 429: { $ref: '#/components/responses/BinderyRateLimited' } },
};
