import { createHmac } from 'node:crypto';
import { readDelivery, verifyDelivery } from './push-event';

const SECRET = 'a-webhook-secret-of-some-length';
const sign = (body: Buffer, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('webhook deliveries', () => {
  const github = Buffer.from(
    JSON.stringify({
      ref: 'refs/heads/main',
      after: 'b'.repeat(40),
      deleted: false,
      head_commit: { id: 'b'.repeat(40), timestamp: '2026-01-02T10:00:00+01:00' },
      repository: { pushed_at: 1767348000, clone_url: 'https://github.com/o/r.git' },
    }),
  );

  it('accepts a GitHub push signed with the secret over the exact bytes, and nothing else', () => {
    expect(verifyDelivery({ 'x-hub-signature-256': sign(github) }, github, SECRET)).toBe('github');
    expect(verifyDelivery({ 'x-hub-signature-256': sign(github, 'another-secret') }, github, SECRET)).toBeUndefined();
    // One byte changed after signing (a re-serialised body would be another).
    expect(verifyDelivery({ 'x-hub-signature-256': sign(github) }, Buffer.concat([github, Buffer.from(' ')]), SECRET)).toBeUndefined();
    expect(verifyDelivery({ 'x-hub-signature-256': 'sha256=abc' }, github, SECRET)).toBeUndefined();
    expect(verifyDelivery({ 'x-hub-signature-256': sign(github).replace('sha256=', 'sha1=') }, github, SECRET)).toBeUndefined();
    expect(verifyDelivery({}, github, SECRET)).toBeUndefined();
  });

  it('accepts a GitLab token equal to the secret', () => {
    expect(verifyDelivery({ 'x-gitlab-token': SECRET }, Buffer.from('{}'), SECRET)).toBe('gitlab');
    expect(verifyDelivery({ 'x-gitlab-token': SECRET.slice(1) }, Buffer.from('{}'), SECRET)).toBeUndefined();
    expect(verifyDelivery({ 'x-gitlab-token': '' }, Buffer.from('{}'), SECRET)).toBeUndefined();
  });

  it("reads GitHub's push: the ref, the push time (pushed_at), a deleted branch; other events are not pushes", () => {
    expect(readDelivery('github', { 'x-github-event': 'push' }, github)).toEqual({
      kind: 'push',
      event: { provider: 'github', ref: 'refs/heads/main', deleted: false, timestamp: '2026-01-02T10:00:00.000Z' },
    });
    const noPushedAt = Buffer.from(JSON.stringify({ ref: 'refs/heads/x', head_commit: { timestamp: '2026-01-02T10:00:00+01:00' } }));
    expect(readDelivery('github', { 'x-github-event': 'push' }, noPushedAt)).toMatchObject({
      event: { timestamp: '2026-01-02T09:00:00.000Z' },
    });
    const deleted = Buffer.from(JSON.stringify({ ref: 'refs/heads/x', deleted: true, head_commit: null }));
    expect(readDelivery('github', { 'x-github-event': 'push' }, deleted)).toMatchObject({ event: { deleted: true } });
    expect(readDelivery('github', { 'x-github-event': 'ping' }, Buffer.from('{}'))).toEqual({
      kind: 'other',
      provider: 'github',
      event: 'ping',
    });
    expect(() => readDelivery('github', { 'x-github-event': 'push' }, Buffer.from('payload=%7B%7D'))).toThrow(/application\/json/);
  });

  it("reads GitLab's push: the head commit's time orders it; a deleted branch is no import", () => {
    const body = Buffer.from(
      JSON.stringify({
        object_kind: 'push',
        ref: 'refs/heads/main',
        checkout_sha: 'c2',
        commits: [
          { id: 'c1', timestamp: '2026-01-01T00:00:00Z' },
          { id: 'c2', timestamp: '2026-01-03T00:00:00+02:00' },
        ],
      }),
    );
    expect(readDelivery('gitlab', { 'x-gitlab-event': 'Push Hook' }, body)).toEqual({
      kind: 'push',
      event: { provider: 'gitlab', ref: 'refs/heads/main', deleted: false, timestamp: '2026-01-02T22:00:00.000Z' },
    });
    const deleted = Buffer.from(JSON.stringify({ ref: 'refs/heads/main', after: '0'.repeat(40), checkout_sha: null, commits: [] }));
    expect(readDelivery('gitlab', { 'x-gitlab-event': 'Push Hook' }, deleted)).toMatchObject({ event: { deleted: true } });
    expect(readDelivery('gitlab', { 'x-gitlab-event': 'Tag Push Hook' }, body)).toMatchObject({ kind: 'other' });
  });
});
