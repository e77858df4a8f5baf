import { stableStringify } from './content-hash';

/**
 * A file as a revision holds it: metadata only. The bytes live in file storage under `hash`
 * (sha256 hex), so revisions sharing a file share its bytes, and a revision copies only these
 * few fields per file.
 */
export interface StoredFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  dimensions?: { width: number; height: number };
  hash: string;
}

export interface FileConflict {
  fileId: string;
  name: string;
  reason: string;
}

/**
 * Three-way merge of two file lists against their base, file by file: a side that left a file
 * as it was takes the other side's version (including its deletion); both sides changing it
 * differently is a conflict. Order: ours, then the files only theirs added.
 */
export function mergeFiles(
  base: StoredFile[],
  ours: StoredFile[],
  theirs: StoredFile[],
): { files: StoredFile[]; conflicts: FileConflict[] } {
  const byId = (list: StoredFile[]) => new Map(list.map((f) => [f.id, f]));
  const [b, o, t] = [byId(base), byId(ours), byId(theirs)];
  const ids = [...new Set([...o.keys(), ...t.keys(), ...b.keys()])];
  const files: StoredFile[] = [];
  const conflicts: FileConflict[] = [];
  for (const id of ids) {
    const [bf, of, tf] = [b.get(id), o.get(id), t.get(id)];
    let chosen: StoredFile | undefined;
    if (same(of, tf) || same(tf, bf)) chosen = of;
    else if (same(of, bf)) chosen = tf;
    else {
      const named = (of ?? tf ?? bf)!;
      conflicts.push({
        fileId: id,
        name: named.name,
        reason: of && tf ? 'the file was changed on both sides' : 'the file was deleted on one side and changed on the other',
      });
      continue;
    }
    if (chosen) files.push(chosen);
  }
  return { files, conflicts };
}

function same(a: StoredFile | undefined, b: StoredFile | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return stableStringify(a) === stableStringify(b);
}
