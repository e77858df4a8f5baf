import { SERVICES } from '@bindery/stack';
import { type ApiClient, type ApiResponse, controlTestStack, expectError, expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, newOrgAdmin, paragraph, type SpaceBody } from './content-helpers';

/**
 * A PDF export is drawn in content's worker threads, with a time and a memory limit and a bounded
 * queue, so one large export cannot stop content. The attack: pages whose body is one word of
 * 950,000 characters, within the caps (pdfkit alone chopped such a word in time quadratic in its
 * length: 20,000 characters took 25 s). Drawn on content's event loop it held every other request
 * for minutes; now the word is broken before pdfkit sees it and the render runs in a worker.
 */
const CONTENT = SERVICES.find((app) => app.name === 'content')!;
/** Tight limits for this file, so a render runs over its time and the queue fills with three downloads. */
const TIGHT = { PDF_RENDER_TIME_LIMIT_MS: '1500', PDF_RENDER_CONCURRENCY: '1', PDF_RENDER_QUEUE: '1' };

async function restartContent(overrides: NodeJS.ProcessEnv = {}): Promise<void> {
  const stack = await controlTestStack();
  await stack.stopApp('content');
  stack.startApp(CONTENT, overrides);
  await stack.waitUntilReady();
}

interface Download {
  status: number;
  headers: Headers;
  body: unknown;
}

async function download(url: string): Promise<Download> {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.includes('json');
  return { status: response.status, headers: response.headers, body: json ? JSON.parse(bytes.toString('utf8')) : undefined };
}

const asResponse = (d: Download) => d as unknown as ApiResponse;

async function pagePdfUrl(client: ApiClient, spaceId: string, crId: string, pageId: string): Promise<string> {
  const response = await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}/pdf?page=${pageId}`);
  return expectOperation<{ url: string }>(response, 'getChangeRequestPDF', 200).url;
}

describe('security: a PDF export cannot stop content', () => {
  let client: ApiClient;
  let space: SpaceBody;
  let crId: string;
  let heavyUrl: string;
  let smallUrl: string;

  beforeAll(async () => {
    const admin = await newOrgAdmin('pdf-dos');
    client = admin.client;
    space = await createSpace(client, admin.orgId, 'Heavy');
    crId = (await createChangeRequest(client, space.id, 'Large page')).id;
    // Pages hold at most 1 MB of body: the export takes a page with three subpages, each one long word.
    const body = (key: string) => ({ document: { object: 'document', data: {}, nodes: [paragraph(key, 'w'.repeat(950_000))] } });
    const first = await editContent(client, space.id, crId, [
      { operation: 'insert_page', ref: 'heavy', title: 'Heavy', document: body('h') },
      {
        operation: 'insert_page',
        ref: 'small',
        title: 'Small',
        document: { document: { object: 'document', data: {}, nodes: [paragraph('s', 'small okapi')] } },
      },
    ]);
    const ids = Object.fromEntries(first.changes.map((c) => [c.ref!, (c.page as { id: string }).id]));
    await editContent(
      client,
      space.id,
      crId,
      [1, 2, 3].map((i) => ({ operation: 'insert_page', title: `Heavy ${i}`, into: ids.heavy, document: body(`h${i}`) })),
    );
    heavyUrl = await pagePdfUrl(client, space.id, crId, ids.heavy);
    smallUrl = await pagePdfUrl(client, space.id, crId, ids.small);
    await restartContent(TIGHT);
  }, 240_000);

  afterAll(async () => {
    await restartContent();
  }, 240_000);

  it('answers other requests while a large export renders, and refuses the export once over its time', async () => {
    let rendering = true;
    const render = download(heavyUrl).finally(() => (rendering = false));
    // Reads sent while the export renders are answered while it is still rendering: drawn on
    // content's event loop, the first read waited for the whole render and none came back before it.
    let answeredDuringRender = 0;
    for (let i = 0; i < 3; i++) {
      expectOperation(await client.get(`/v1/spaces/${space.id}`), 'getSpaceById', 200);
      if (rendering) answeredDuringRender++;
    }
    expect(answeredDuringRender).toBeGreaterThan(0);
    // Over the 1.5 s budget: its worker is terminated and the caller hears why, in the official error shape.
    const refused = await render;
    expectError(asResponse(refused), 413, /longer than 1\.5 s.*page/);
    expectOperation(await client.get(`/v1/spaces/${space.id}`), 'getSpaceById', 200);
  }, 60_000);

  it('renders one export at a time with a bounded queue; past it, a 503 with Retry-After', async () => {
    const answers = await Promise.all([download(heavyUrl), download(heavyUrl), download(heavyUrl)]);
    for (const answer of answers) expect([413, 503]).toContain(answer.status);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expectError(asResponse(answer), 503, /Too many PDFs/);
      expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    }
    for (const answer of answers.filter((a) => a.status === 413)) expectError(asResponse(answer), 413, /longer than/);
  }, 60_000);

  it('still renders ordinary exports with the default limits', async () => {
    await restartContent();
    const small = await download(smallUrl);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('application/pdf');
  }, 120_000);
});
