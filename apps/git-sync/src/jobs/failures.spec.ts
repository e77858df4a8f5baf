import { AppError, isPermanentJobError } from '@bindery/platform';
import { FormatError } from '../format/gitbook-config';
import { GitError } from '../git/git-cli';
import { BadRepositoryError, classifyFailure, LimitError } from './failures';

describe('classifyFailure', () => {
  it('fails bad input once: format, caps, hostile content, refusals by content, git refusals', () => {
    for (const error of [
      new FormatError('.gitbook.yaml is not valid YAML'),
      new LimitError('over the limit'),
      new BadRepositoryError('summary: "x" points outside the root'),
      new AppError(409, 'main moved'),
      new AppError(400, 'url: the host is loopback'),
      new GitError('git fetch failed: fatal: Authentication failed for http://x/'),
      new GitError("git ls-remote failed: fatal: repository 'http://x/' not found"),
    ]) {
      const sorted = classifyFailure(error);
      expect(isPermanentJobError(sorted)).toBe(true);
      expect((sorted as Error).message).toBe(error.message);
    }
  });

  it('retries what another attempt may fix: network errors, a service restarting', () => {
    for (const error of [
      new GitError('git fetch failed: fatal: unable to access http://x/: Failed to connect to 127.0.0.1 port 1: Connection refused'),
      new AppError(503, 'The content service is unavailable, try again later'),
      new Error('socket hang up'),
    ])
      expect(classifyFailure(error)).toBe(error);
  });
});
