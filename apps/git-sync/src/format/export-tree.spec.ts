import { execFileSync } from 'node:child_process';
import { blobOid } from './export-tree';

describe('blobOid', () => {
  it('is the id git gives the file, so the next import keeps exported pages unparsed', () => {
    for (const text of ['', '# Title\n', '# Ünïcode — 标题\n\nBody.\n']) {
      expect(blobOid(text)).toBe(execFileSync('git', ['hash-object', '--stdin'], { input: text, encoding: 'utf8' }).trim());
    }
  });
});
