import { posix } from 'node:path';
import { readGitbookConfig } from '../format/gitbook-config';

/**
 * Where an export writes the space: the content root that `.gitbook.yaml` in the project directory
 * names (`root:`), as the import reads it, else the project directory itself. Writing to the project
 * directory alone would put the pages beside the root a repository declares, not in it.
 */
export async function exportRoot(
  projectDir: string,
  inRepo: ReadonlyMap<string, string>,
  readBlob: (oid: string) => Promise<Buffer>,
): Promise<string> {
  const oid = inRepo.get(posix.join(projectDir || '.', '.gitbook.yaml'));
  const source = oid === undefined ? undefined : (await readBlob(oid)).toString('utf8');
  return readGitbookConfig(source, projectDir).root;
}
