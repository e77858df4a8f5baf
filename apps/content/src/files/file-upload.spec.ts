import { deflateSync } from 'node:zlib';
import { AppError } from '@bindery/platform';
import { decodeUpload } from './file-upload';

/** Header-only PNG: enough for the dimensions reader, which looks at the IHDR chunk. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'ascii');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 0, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, deflateSync(Buffer.alloc(1))]);
}

const code = (fn: () => unknown): number | undefined => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : -1;
  }
  return undefined;
};

describe('decodeUpload', () => {
  it('describes an image: size, sha256 and dimensions read from the bytes', () => {
    const bytes = pngHeader(640, 480);
    const { entry } = decodeUpload(
      { name: 'a.png', contentType: 'IMAGE/PNG', base64: bytes.toString('base64') },
      'f1',
      'changes[0].files[0]',
    );
    expect(entry).toMatchObject({
      id: 'f1',
      name: 'a.png',
      contentType: 'image/png',
      size: bytes.length,
      dimensions: { width: 640, height: 480 },
    });
    expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('leaves dimensions out when an image type does not hold a readable image', () => {
    const { entry } = decodeUpload({ name: 'a.png', contentType: 'image/png', base64: Buffer.from('nope').toString('base64') }, 'f', 'f');
    expect(entry.dimensions).toBeUndefined();
  });

  it('refuses malformed base64, empty files and files over the cap with a 400 naming the field', () => {
    expect(code(() => decodeUpload({ name: 'a', contentType: 'text/plain', base64: 'ab$c' }, 'f', 'changes[1].files[2]'))).toBe(400);
    expect(() => decodeUpload({ name: 'a', contentType: 'text/plain', base64: 'abc' }, 'f', 'changes[1].files[2]')).toThrow(
      /changes\[1\]\.files\[2\]\.base64/,
    );
    expect(code(() => decodeUpload({ name: 'a', contentType: 'text/plain', base64: '' }, 'f', 'x'))).toBe(400);
    const big = Buffer.alloc(1024 * 1024 + 1).toString('base64');
    expect(() => decodeUpload({ name: 'a', contentType: 'text/plain', base64: big }, 'f', 'x')).toThrow(/at most 1048576/);
  });
});
