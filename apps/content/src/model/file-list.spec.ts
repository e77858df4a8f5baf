import { mergeFiles, type StoredFile } from './file-list';

const file = (id: string, hash = `h-${id}`, name = `${id}.png`): StoredFile => ({ id, name, contentType: 'image/png', size: 3, hash });

describe('mergeFiles', () => {
  it('keeps a file added on either side, ours first', () => {
    const a = file('a');
    const { files, conflicts } = mergeFiles([a], [a, file('b')], [a, file('c')]);
    expect(conflicts).toEqual([]);
    expect(files.map((f) => f.id)).toEqual(['a', 'b', 'c']);
  });

  it('takes the changed side when the other left the file alone, deletions included', () => {
    const { files } = mergeFiles([file('a'), file('b')], [file('a', 'new')], [file('a'), file('b')]);
    expect(files).toEqual([file('a', 'new')]);
  });

  it('reports a file changed differently on both sides, naming it', () => {
    const { conflicts } = mergeFiles([file('a')], [file('a', 'x')], [file('a', 'y')]);
    expect(conflicts).toEqual([{ fileId: 'a', name: 'a.png', reason: 'the file was changed on both sides' }]);
  });

  it('reports a file deleted on one side and changed on the other', () => {
    const { conflicts } = mergeFiles([file('a')], [], [file('a', 'y')]);
    expect(conflicts[0]?.reason).toMatch(/deleted on one side/);
  });

  it('accepts the same change made on both sides', () => {
    const { files, conflicts } = mergeFiles([file('a')], [file('a', 'z')], [file('a', 'z')]);
    expect(conflicts).toEqual([]);
    expect(files).toEqual([file('a', 'z')]);
  });
});
