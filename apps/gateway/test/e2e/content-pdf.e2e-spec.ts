import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { SERVICES } from '@bindery/stack';
import { type ApiClient, type ApiResponse, controlTestStack, expectError, expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, documentOf, editContent, newOrgAdmin, seedSpace } from './content-helpers';
import { anonymousClient } from './helpers';
import { png } from './test-images';

interface PdfDownload {
  status: number;
  headers: Headers;
  bytes: Buffer;
  body: unknown;
}

async function download(url: string): Promise<PdfDownload> {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = response.headers.get('content-type')?.includes('json');
  return { status: response.status, headers: response.headers, bytes, body: json ? JSON.parse(bytes.toString('utf8')) : undefined };
}

const asResponse = (d: PdfDownload) => ({ status: d.status, body: d.body, headers: d.headers }) as unknown as ApiResponse;

/**
 * The text and the number of sheets of a PDF, read back by an independent parser (pdf-parse, on
 * pdf.js). It runs in a child Node process: pdf.js loads its worker with a dynamic import, which
 * jest's module system does not allow.
 */
function readPdf(bytes: Buffer): Promise<{ text: string; sheets: number }> {
  const script = `
    const { PDFParse } = require(${JSON.stringify(require.resolve('pdf-parse'))});
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
      const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
      const result = await parser.getText();
      await parser.destroy();
      process.stdout.write(JSON.stringify({ text: result.text, sheets: result.total }));
    });`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', script], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error
        ? reject(new Error(`pdf-parse could not read the PDF: ${stderr || error.message}`))
        : resolve(JSON.parse(stdout) as { text: string; sheets: number }),
    );
    child.stdin!.end(bytes);
  });
}

/** Downloads a PDF URL and checks what every PDF answer carries. */
async function fetchPdf(url: string): Promise<{ text: string; sheets: number; bytes: Buffer; disposition: string }> {
  const got = await download(url);
  expect(got.status).toBe(200);
  expect(got.headers.get('content-type')).toBe('application/pdf');
  expect(got.headers.get('x-content-type-options')).toBe('nosniff');
  expect(got.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { ...(await readPdf(got.bytes)), bytes: got.bytes, disposition: got.headers.get('content-disposition') ?? '' };
}

async function changeRequestPdf(client: ApiClient, spaceId: string, crId: string, query = ''): Promise<string> {
  const response = await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}/pdf${query}`);
  return expectOperation<{ url: string }>(response, 'getChangeRequestPDF', 200).url;
}

async function spacePdf(client: ApiClient, spaceId: string, query = ''): Promise<string> {
  return expectOperation<{ url: string }>(await client.get(`/v1/spaces/${spaceId}/pdf${query}`), 'getSpacePDF', 200).url;
}

function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}

const RICH_MARKDOWN = [
  'Some **bold words** and `inline code` in a paragraph.',
  '',
  '## Install steps',
  '',
  '1. Download zebrafish',
  '2. Run it',
  '',
  '```bash',
  'npm install quokka-cli',
  '```',
  '',
  '{% hint style="warning" %}',
  'Mind the narwhal.',
  '{% endhint %}',
  '',
  '| Animal | Sound |',
  '| --- | --- |',
  '| axolotl | blub |',
  '',
].join('\n');

describe('content PDF export', () => {
  it('exports a change request draft, bound to its revision, scoped by page and only', async () => {
    const { client, orgId } = await newOrgAdmin('pdf');
    const space = await createSpace(client, orgId, 'Field Guide');
    const ids = await seedSpace(client, space.id);
    const cr = await createChangeRequest(client, space.id, 'Draft');
    const files = await editContent(client, space.id, cr.id, [
      { operation: 'insert_files', files: [{ name: 'map.png', contentType: 'image/png', base64: png(40, 20).toString('base64') }] },
    ]);
    const fileId = (files as unknown as { insertedFiles: Array<{ id: string }> }).insertedFiles[0].id;
    const image = {
      object: 'block',
      type: 'images',
      isVoid: false,
      data: {},
      nodes: [{ object: 'block', type: 'image', isVoid: true, data: { ref: { kind: 'file', file: fileId } }, fragments: [] }],
    };
    await editContent(client, space.id, cr.id, [
      { operation: 'insert_page', title: 'Recipes', document: { markdown: RICH_MARKDOWN } },
      {
        operation: 'update_page',
        page: ids.Intro,
        document: documentOf(['a', 'draft pangolin text'], ['g', 'Ελληνικά и кириллица, Zażółć']),
      },
      {
        operation: 'insert_page',
        title: 'Map',
        into: ids.Guide,
        document: { document: { object: 'document', data: {}, nodes: [image] } },
      },
    ]);

    const url = await changeRequestPdf(client, space.id, cr.id);
    expect(url).toMatch(/\/v1\/exports\/pdf\?/);
    const whole = await fetchPdf(url);
    // Intro, Guide, Setup, Map (under Guide), Recipes: one sheet each, in tree order.
    expect(whole.sheets).toBe(5);
    expect(whole.disposition).toMatch(/^attachment; filename="Field Guide\.pdf"/);
    const order = ['draft pangolin text', 'Guide', 'Setup', 'Map', 'Recipes'].map((t) => whole.text.indexOf(t));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const text of [
      'bold words',
      'inline code',
      'Install steps',
      'Download zebrafish',
      'npm install quokka-cli',
      'Mind the narwhal',
      'axolotl',
      'blub',
      // Outside Windows-1252: drawn with the embedded DejaVu fonts, not replaced by "?".
      'Ελληνικά и кириллица, Zażółć',
    ])
      expect(whole.text).toContain(text);
    // The small PNG is embedded as an image, not replaced by its caption.
    expect(whole.bytes.toString('latin1')).toContain('/Subtype /Image');

    // The URL keeps showing the draft as it was when it was issued.
    await editContent(client, space.id, cr.id, [
      { operation: 'update_page', page: ids.Intro, document: documentOf(['a', 'later wombat text']) },
    ]);
    const again = await fetchPdf(url);
    expect(again.text).toContain('draft pangolin text');
    expect(again.text).not.toContain('later wombat text');
    expect((await fetchPdf(await changeRequestPdf(client, space.id, String(cr.number)))).text).toContain('later wombat text');

    const guide = await fetchPdf(await changeRequestPdf(client, space.id, cr.id, `?page=${ids.Guide}`));
    expect(guide.sheets).toBe(3);
    expect(guide.disposition).toMatch(/filename="?Guide\.pdf"?/);
    expect(guide.text).not.toContain('Recipes');
    const only = await fetchPdf(await changeRequestPdf(client, space.id, cr.id, `?page=${ids.Guide}&only=true`));
    expect(only.sheets).toBe(1);
    expect(only.text).not.toContain('Setup');

    // The space's own PDF does not show the unmerged draft.
    const main = await fetchPdf(await spacePdf(client, space.id));
    expect(main.sheets).toBe(3);
    expect(main.text).toContain('alpha');
    expect(main.text).not.toContain('pangolin');
    expect((await fetchPdf(await spacePdf(client, space.id, `?page=${ids.Setup}&only=false`))).sheets).toBe(1);
  });

  it('refuses tampered, malformed and expired URLs', async () => {
    const { client, orgId } = await newOrgAdmin('pdf-sign');
    const space = await createSpace(client, orgId);
    const ids = await seedSpace(client, space.id);
    const url = await spacePdf(client, space.id, `?page=${ids.Guide}`);

    // Widening the scope, or pointing it elsewhere, breaks the signature.
    const widened = new URL(url);
    widened.searchParams.delete('page');
    expectError(asResponse(await download(widened.toString())), 403, /signature/);
    expectError(asResponse(await download(withParam(url, 'page', ids.Intro))), 403, /signature/);
    expectError(asResponse(await download(withParam(url, 'only', 'true'))), 403, /signature/);
    expectError(asResponse(await download(withParam(url, 'expires', String(Number(new URL(url).searchParams.get('expires')) + 60)))), 403);
    expectError(asResponse(await download(withParam(url, 'signature', 'A'.repeat(43)))), 403, /signature/);
    expectError(asResponse(await download(withParam(url, 'signature', 'short'))), 400, /signature/);
    expectError(asResponse(await download(withParam(url, 'expires', 'soon'))), 400, /expires/);
    expectError(asResponse(await download(withParam(url, 'revision', 'bad id!'))), 400, /revision/);

    // A correctly signed grant whose expiry has passed (signed with the stack's own secret).
    const stack = await controlTestStack();
    const secret = stack.envFor(SERVICES.find((app) => app.name === 'content')!).FILE_URL_SECRET!;
    const expired = new URL(url);
    const past = Math.floor(Date.now() / 1000) - 10;
    const q = expired.searchParams;
    const fields = ['pdf-export', q.get('space')!, q.get('revision')!, '', q.get('page')!, '0', String(past)];
    q.set('expires', String(past));
    q.set('signature', createHmac('sha256', secret).update(fields.join('\n')).digest('base64url'));
    expectError(asResponse(await download(expired.toString())), 403, /expired/);
    // The same grant, still valid: the test signs exactly what content signs.
    const future = Math.floor(Date.now() / 1000) + 600;
    fields[6] = String(future);
    q.set('expires', String(future));
    q.set('signature', createHmac('sha256', secret).update(fields.join('\n')).digest('base64url'));
    expect((await download(expired.toString())).status).toBe(200);

    // A deleted space's URLs stop working.
    expect((await client.delete(`/v1/spaces/${space.id}`)).status).toBe(204);
    expectError(asResponse(await download(url)), 404);
  });

  it('validates the query, hides other organizations and caps the export', async () => {
    const { client, orgId } = await newOrgAdmin('pdf-query');
    const space = await createSpace(client, orgId);
    const ids = await seedSpace(client, space.id);
    const cr = await createChangeRequest(client, space.id);
    const base = `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf`;

    expectError(await client.get(`${base}?only=true`), 400, /only/);
    expectError(await client.get(`/v1/spaces/${space.id}/pdf?only=true`), 400, /only/);
    expectError(await client.get(`${base}?only=maybe&page=${ids.Guide}`), 400, /only/);
    expectError(await client.get(`${base}?page=not%20an%20id`), 400, /page/);
    expectError(await client.get(`${base}?page=${'p'.repeat(65)}`), 400, /page/);
    expectError(await client.get(`${base}?page=NoSuchPage`), 404, /page/);
    expectError(await client.get(`/v1/spaces/${space.id}/change-requests/NoSuchCr/pdf`), 404);

    const stranger = await newOrgAdmin('pdf-stranger');
    expectError(await stranger.client.get(base), 404);
    expectError(await stranger.client.get(`/v1/spaces/${space.id}/pdf`), 404);
    expectError(await anonymousClient().get(`/v1/spaces/${space.id}/pdf`), 401);

    // Over 500 pages: refused when the URL is asked for, naming `page`; a part of it is fine.
    const big = await createChangeRequest(client, space.id, 'Many pages');
    for (let batch = 0; batch < 10; batch++) {
      const pages = Array.from({ length: 50 }, (_, i) => ({
        operation: 'insert_page',
        title: `P${batch}-${i}`,
        into: ids.Guide,
        document: {},
      }));
      await editContent(client, space.id, big.id, pages);
    }
    expectError(await client.get(`/v1/spaces/${space.id}/change-requests/${big.id}/pdf`), 400, /page.*500/);
    expectError(await client.get(`/v1/spaces/${space.id}/change-requests/${big.id}/pdf?page=${ids.Guide}`), 400, /page/);
    expect((await fetchPdf(await changeRequestPdf(client, space.id, big.id, `?page=${ids.Intro}`))).sheets).toBe(1);
  });
});
