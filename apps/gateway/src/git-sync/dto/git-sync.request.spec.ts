import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { GitImportRequest } from './git-sync.request';

describe('GitImportRequest', () => {
  const body = { url: 'https://x.test/r.git', ref: 'refs/heads/main' };

  // @ValidateNested validates each element of an array: without @IsObject, [{}] passed as gitInfo.
  it('refuses an array for gitInfo and accepts an object', () => {
    const messages = (value: unknown) =>
      validateSync(plainToInstance(GitImportRequest, { ...body, gitInfo: value }), { whitelist: true, forbidUnknownValues: true }).flatMap(
        (e) => Object.values(e.constraints ?? {}),
      );
    expect(messages([{}])).toContain('gitInfo must be an object');
    expect(messages({ provider: 'github' })).toEqual([]);
  });
});
