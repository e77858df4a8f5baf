import { exportRoot } from './export-root';

/** A repository's tree as path → blob id, and its blobs by id. */
function repo(files: Record<string, string>) {
  const inRepo = new Map(Object.keys(files).map((path) => [path, `oid:${path}`]));
  const readBlob = (oid: string) => Promise.resolve(Buffer.from(files[oid.slice('oid:'.length)], 'utf8'));
  return { inRepo, readBlob };
}

describe('exportRoot: where an export writes, as the import reads it', () => {
  it('is the root `.gitbook.yaml` names', async () => {
    const { inRepo, readBlob } = repo({ '.gitbook.yaml': 'root: ./docs/\n', 'docs/README.md': '# Home\n' });
    expect(await exportRoot('', inRepo, readBlob)).toBe('docs');
  });

  it('is relative to the project directory holding `.gitbook.yaml`', async () => {
    const { inRepo, readBlob } = repo({ 'site/.gitbook.yaml': 'root: ./content\n', '.gitbook.yaml': 'root: ./elsewhere\n' });
    expect(await exportRoot('site', inRepo, readBlob)).toBe('site/content');
  });

  it('is the project directory without a `.gitbook.yaml`', async () => {
    const { inRepo, readBlob } = repo({ 'README.md': '# Home\n' });
    expect(await exportRoot('', inRepo, readBlob)).toBe('');
    expect(await exportRoot('handbook', inRepo, readBlob)).toBe('handbook');
  });

  it('refuses a root outside the repository, as the import does', async () => {
    const { inRepo, readBlob } = repo({ '.gitbook.yaml': 'root: ../../etc\n' });
    await expect(exportRoot('', inRepo, readBlob)).rejects.toThrow(/outside the repository/);
  });
});
