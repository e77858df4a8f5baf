import type { StoredFile } from '../model/file-list';
import { imageFileIds, imagesToEmbed } from './pdf-images';

const file = (id: string, contentType: string, size: number): StoredFile => ({ id, name: id, contentType, size, hash: id.padEnd(64, '0') });

describe('PDF images', () => {
  it('finds image files in reading order, inside quotes and hints, each once', () => {
    const pages = [
      {
        blocks: [
          { kind: 'image' as const, fileId: 'b', caption: '', indent: 0 },
          { kind: 'hint' as const, style: 'info', blocks: [{ kind: 'image' as const, fileId: 'a', caption: '', indent: 0 }] },
        ],
      },
      {
        blocks: [
          { kind: 'quote' as const, blocks: [{ kind: 'image' as const, fileId: 'b', caption: '', indent: 0 }] },
          { kind: 'image' as const, caption: 'url', indent: 0 },
        ],
      },
    ];
    expect(imageFileIds(pages)).toEqual(['b', 'a']);
  });

  it('embeds small PNG and JPEG files of the revision until the budget is spent', () => {
    const files = [
      file('png', 'image/png', 400),
      file('jpg', 'image/JPEG', 500),
      file('svg', 'image/svg+xml', 10),
      file('big', 'image/png', 2 * 1024 * 1024),
      file('late', 'image/png', 200),
    ];
    const chosen = imagesToEmbed(['png', 'missing', 'svg', 'big', 'jpg', 'late'], files, 1000);
    expect(chosen.map((f) => f.id)).toEqual(['png', 'jpg']);
    expect(imagesToEmbed(['late', 'png'], files, 1000).map((f) => f.id)).toEqual(['late', 'png']);
  });
});
