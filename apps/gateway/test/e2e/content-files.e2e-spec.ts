import { createHmac } from 'node:crypto';
import type { RevisionFile } from '@bindery/contracts';
import { SERVICES } from '@bindery/stack';
import { type ApiResponse, controlTestStack, expectError, expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, merge, newOrgAdmin } from './content-helpers';
import { anonymousClient } from './helpers';
import { png } from './test-images';

type FileBody = RevisionFile;
interface FileList {
  items: FileBody[];
  count: number;
  next?: { page: string };
}

async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer; body: unknown }> {
  const response = await fetch(url);
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type');
  return { status: response.status, type, bytes, body: type?.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined };
}

const asResponse = (d: { status: number; body: unknown }) =>
  ({ status: d.status, body: d.body, headers: new Headers() }) as unknown as ApiResponse;

/** The gateway-relative path and query of a downloadURL, with one query parameter replaced. */
function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.toString();
}

describe('content files', () => {
  it('uploads an image into a change request, reads its dimensions, merges it and serves the bytes via a signed URL', async () => {
    const { client, orgId } = await newOrgAdmin('files');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id, 'Add a diagram');
    const image = png(7, 3);
    const note = Buffer.from('plain notes\n', 'utf8');

    const update = await editContent(client, space.id, cr.id, [
      {
        operation: 'insert_files',
        files: [
          { ref: 'diagram', name: 'diagram.png', contentType: 'image/png', base64: image.toString('base64') },
          { name: 'notes.txt', contentType: 'text/plain', base64: note.toString('base64') },
        ],
      },
    ]);
    const inserted = (update as unknown as { insertedFiles: FileBody[] }).insertedFiles;
    expect(inserted.map((f) => f.name)).toEqual(['diagram.png', 'notes.txt']);
    const diagramId = inserted[0].id;

    // A page of a later batch links to the file by id; in the same batch, by its ref.
    const linked = await editContent(client, space.id, cr.id, [
      {
        operation: 'insert_files',
        files: [{ ref: 'logo', name: 'logo.png', contentType: 'image/png', base64: png(2, 2).toString('base64') }],
      },
      { operation: 'insert_page', title: 'Logo', document: { markdown: '# Logo\n\n[The logo](./logo)\n' } },
    ]);
    const logoId = (linked as unknown as { insertedFiles: FileBody[] }).insertedFiles[0].id;
    const pageId = (linked.changes[0].page as { id: string }).id;
    const page = expectOperation<{ markdown: string }>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${pageId}?format=markdown`),
      'getPageInChangeRequestById',
      200,
    );
    expect(page.markdown).toContain(logoId);

    const crFile = expectOperation<FileBody>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/files/${diagramId}`),
      'getFileInChangeRequestById',
      200,
    );
    expect(crFile).toMatchObject({
      id: diagramId,
      name: 'diagram.png',
      contentType: 'image/png',
      size: image.length,
      dimensions: { width: 7, height: 3 },
    });
    // Not in the space until merged.
    expectError(await client.get(`/v1/spaces/${space.id}/content/files/${diagramId}`), 404, /file/);

    await merge(client, space.id, cr.id);
    const all = expectOperation<FileList>(await client.get(`/v1/spaces/${space.id}/content/files`), 'listFiles', 200);
    expect(all.count).toBe(3);
    expect(all.items.map((f) => f.name).sort()).toEqual(['diagram.png', 'logo.png', 'notes.txt']);
    const first = expectOperation<FileList>(await client.get(`/v1/spaces/${space.id}/content/files?limit=2`), 'listFiles', 200);
    const second = expectOperation<FileList>(
      await client.get(`/v1/spaces/${space.id}/content/files?limit=2&page=${first.next!.page}`),
      'listFiles',
      200,
    );
    expect([...first.items, ...second.items].map((f) => f.id).sort()).toEqual(all.items.map((f) => f.id).sort());
    expect(second.items).toHaveLength(1);
    expect(second.next).toBeUndefined();

    const spaceFile = expectOperation<FileBody>(await client.get(`/v1/spaces/${space.id}/content/files/${diagramId}`), 'getFileById', 200);
    expect(spaceFile.dimensions).toEqual({ width: 7, height: 3 });
    const fetched = await download(spaceFile.downloadURL);
    expect(fetched.status).toBe(200);
    expect(fetched.type).toBe('image/png');
    expect(fetched.bytes.equals(image)).toBe(true);

    const revision = expectOperation<{ files: FileBody[] }>(await client.get(`/v1/spaces/${space.id}/content`), 'getCurrentRevision', 200);
    expect(revision.files.map((f) => f.id).sort()).toEqual(all.items.map((f) => f.id).sort());

    // The signature covers the bytes, their served type and the expiry: changing any is refused.
    const url = new URL(spaceFile.downloadURL);
    const signature = url.searchParams.get('signature')!;
    const tamperedSignature = withParam(
      spaceFile.downloadURL,
      'signature',
      `${signature.slice(0, 42)}${signature.endsWith('A') ? 'B' : 'A'}`,
    );
    expectError(asResponse(await download(tamperedSignature)), 403, /signature/);
    expectError(asResponse(await download(withParam(spaceFile.downloadURL, 'type', 'text/html'))), 403, /signature/);
    expectError(
      asResponse(await download(withParam(spaceFile.downloadURL, 'expires', String(Number(url.searchParams.get('expires')) + 60)))),
      403,
      /signature/,
    );
    const otherBytes = spaceFile.downloadURL.replace(/files\/[0-9a-f]{64}\//, `files/${'0'.repeat(64)}/`);
    expectError(asResponse(await download(otherBytes)), 403, /signature/);
  });

  it('keeps files added on each side when change requests merge one after the other', async () => {
    const { client, orgId } = await newOrgAdmin('files-merge');
    const space = await createSpace(client, orgId);
    const first = await createChangeRequest(client, space.id, 'First');
    const second = await createChangeRequest(client, space.id, 'Second');
    const upload = (crId: string, name: string) =>
      editContent(client, space.id, crId, [
        { operation: 'insert_files', files: [{ name, contentType: 'text/plain', base64: Buffer.from(name).toString('base64') }] },
      ]);
    await upload(first.id, 'one.txt');
    await upload(second.id, 'two.txt');
    await editContent(client, space.id, second.id, [{ operation: 'insert_page', title: 'Page', document: {} }]);
    await merge(client, space.id, first.id);
    await merge(client, space.id, second.id);
    const files = expectOperation<FileList>(await client.get(`/v1/spaces/${space.id}/content/files`), 'listFiles', 200);
    expect(files.items.map((f) => f.name).sort()).toEqual(['one.txt', 'two.txt']);
    // A later page-only edit keeps the files (the revision points at the same stored list).
    const third = await createChangeRequest(client, space.id, 'Third');
    await editContent(client, space.id, third.id, [{ operation: 'insert_page', title: 'More', document: {} }]);
    const kept = expectOperation<FileList>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${third.id}/content/files`),
      'listFilesInChangeRequestById',
      200,
    );
    expect(kept.count).toBe(2);
  });

  it('round-trips a file of the largest accepted size byte for byte', async () => {
    const { client, orgId } = await newOrgAdmin('files-large');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const bytes = Buffer.from(Array.from({ length: 1024 * 1024 }, (_, i) => (i * 31 + (i >> 8)) & 0xff));
    const update = await editContent(client, space.id, cr.id, [
      {
        operation: 'insert_files',
        files: [{ name: 'big.bin', contentType: 'application/octet-stream', base64: bytes.toString('base64') }],
      },
    ]);
    const file = (update as unknown as { insertedFiles: FileBody[] }).insertedFiles[0];
    expect(file.size).toBe(bytes.length);
    const fetched = await download(file.downloadURL);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.equals(bytes)).toBe(true);
  });

  it('refuses an expired download URL', async () => {
    const { client, orgId } = await newOrgAdmin('files-expiry');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const update = await editContent(client, space.id, cr.id, [
      { operation: 'insert_files', files: [{ name: 'a.txt', contentType: 'text/plain', base64: 'aGk=' }] },
    ]);
    const file = (update as unknown as { insertedFiles: FileBody[] }).insertedFiles[0];
    expectError(asResponse(await download(withParam(file.downloadURL, 'expires', 'soon'))), 400, /expires/);
    // A correctly signed grant whose expiry has passed (signed here with the stack's own secret).
    const stack = await controlTestStack();
    const secret = stack.envFor(SERVICES.find((app) => app.name === 'content')!).FILE_URL_SECRET!;
    const url = new URL(file.downloadURL);
    const hash = /files\/([0-9a-f]{64})\//.exec(url.pathname)![1];
    const past = Math.floor(Date.now() / 1000) - 10;
    const signature = createHmac('sha256', secret).update(`${hash}\n${past}\ntext/plain`).digest('base64url');
    url.searchParams.set('expires', String(past));
    url.searchParams.set('signature', signature);
    expectError(asResponse(await download(url.toString())), 403, /expired/);
  });

  it('hides another organization’s files and validates the upload', async () => {
    const { client, orgId } = await newOrgAdmin('files-owner');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const update = await editContent(client, space.id, cr.id, [
      { operation: 'insert_files', files: [{ name: 'x.txt', contentType: 'text/plain', base64: 'eA==' }] },
    ]);
    const fileId = (update as unknown as { insertedFiles: FileBody[] }).insertedFiles[0].id;
    const stranger = await newOrgAdmin('files-stranger');
    expectError(await stranger.client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/files/${fileId}`), 404);
    expectError(await stranger.client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/files`), 404);
    expectError(await anonymousClient().get(`/v1/spaces/${space.id}/content/files`), 401);

    const post = (files: unknown) =>
      client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [{ operation: 'insert_files', files }] });
    expectError(await post([]), 400, /files/);
    expectError(
      await client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
        changes: [
          { operation: 'insert_page', title: 'P', document: {}, files: [{ name: 'a', contentType: 'text/plain', base64: 'eA==' }] },
        ],
      }),
      400,
      /files is only allowed with insert_files/,
    );
    expectError(await post([{ name: 'a.png', contentType: 'image/png', base64: 'not base64!' }]), 400, /base64/);
    expectError(await post([{ name: 'a.png', base64: 'eA==' }]), 400, /contentType/);
    // Urls are fetched server-side, never from a loopback or private address (change-request-batch.e2e-spec.ts).
    expectError(
      await post([{ name: 'a.png', contentType: 'image/png', url: 'http://127.0.0.1:9/a.png' }]),
      400,
      /url: 127\.0\.0\.1 is a loopback/,
    );
    expectError(await post([{ name: '../a.png', contentType: 'image/png', base64: 'eA==' }]), 400, /name/);
    const big = Buffer.alloc(1024 * 1024 + 1, 1).toString('base64');
    expectError(await post([{ name: 'big.bin', contentType: 'application/octet-stream', base64: big }]), 400, /at most 1048576/);
    const tooManyChars = Buffer.alloc(800 * 1024, 1).toString('base64');
    expectError(
      await post([1, 2, 3, 4].map((n) => ({ name: `${n}.bin`, contentType: 'application/octet-stream', base64: tooManyChars }))),
      400,
      /several batches/,
    );
    expectError(await client.get(`/v1/spaces/${space.id}/content/files?limit=0`), 400, /limit/);
    expectError(await client.get(`/v1/spaces/${space.id}/content/files?page=garbage`), 400, /page/);
    // Nothing of the refused batches was kept.
    const files = expectOperation<FileList>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/files`),
      'listFilesInChangeRequestById',
      200,
    );
    expect(files.count).toBe(1);
  });
});
