import type { StoredFile } from '../model/file-list';
import type { LayoutBlock } from './pdf-layout';
import { EMBEDDABLE_IMAGE_TYPES, MAX_EMBEDDED_IMAGE_BYTES } from './pdf-limits';

/** File ids of the image blocks in laid-out pages, each once, in reading order. */
export function imageFileIds(pages: ReadonlyArray<{ blocks: LayoutBlock[] }>): string[] {
  const ids = new Set<string>();
  const visit = (blocks: LayoutBlock[]) => {
    for (const block of blocks) {
      if (block.kind === 'image' && block.fileId !== undefined) ids.add(block.fileId);
      else if (block.kind === 'quote' || block.kind === 'hint') visit(block.blocks);
    }
  };
  for (const page of pages) visit(page.blocks);
  return [...ids];
}

/**
 * The revision's files worth embedding, in reading order: small raster images the PDF library
 * decodes, until `budget` bytes are taken (later images show their caption instead).
 */
export function imagesToEmbed(fileIds: string[], files: readonly StoredFile[], budget: number): StoredFile[] {
  const byId = new Map(files.map((f) => [f.id, f]));
  const chosen: StoredFile[] = [];
  let left = budget;
  for (const id of fileIds) {
    const file = byId.get(id);
    if (!file || !EMBEDDABLE_IMAGE_TYPES.has(file.contentType.toLowerCase()) || file.size > MAX_EMBEDDED_IMAGE_BYTES) continue;
    if (file.size > left) continue;
    left -= file.size;
    chosen.push(file);
  }
  return chosen;
}
