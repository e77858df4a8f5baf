import { SitesSubjects } from '@bindery/contracts';
import { AppError, type ServiceClient } from '@bindery/platform';
import { NatsSiteDirectory } from './nats-directory';

function directory(answer: () => unknown) {
  const send = jest.fn(() => Promise.resolve().then(answer));
  const client = { send } as unknown as ServiceClient;
  return { send, sites: new NatsSiteDirectory(client, () => ({ requestId: 'r', baseUrl: 'http://x' }), 60_000) };
}

const ask = { organizationId: 'org', basename: 'docs', token: 'old-token', unsigned: {} };

describe('NatsSiteDirectory', () => {
  it("answers a visitor-auth 401 with the site's fallback URL, and keeps it until a sites event", async () => {
    let fallbackURL: unknown = 'https://login.example.com/sso';
    const { send, sites } = directory(() => {
      throw new AppError(401, 'The visitor token is not valid for this site', { fallbackURL });
    });
    expect(await sites.lookup(ask)).toEqual({ kind: 'unauthorized', loginUrl: 'https://login.example.com/sso' });
    expect(send.mock.calls[0]).toEqual([SitesSubjects.publishedLookup, expect.anything(), expect.objectContaining({ basename: 'docs' })]);
    fallbackURL = undefined;
    expect(await sites.lookup(ask)).toEqual({ kind: 'unauthorized', loginUrl: 'https://login.example.com/sso' });
    expect(send).toHaveBeenCalledTimes(1);
    sites.invalidate(); // sites.site.updated: the fallback URL was unset
    expect(await sites.lookup(ask)).toEqual({ kind: 'unauthorized' });
  });

  it('never redirects to a fallback that is not an http(s) URL', async () => {
    const { sites } = directory(() => {
      throw new AppError(401, 'no', { fallbackURL: 'javascript:alert(1)' });
    });
    expect(await sites.lookup(ask)).toEqual({ kind: 'unauthorized' });
  });

  it('drops a held answer on a sites event (a regenerated key: the old token no longer opens the site)', async () => {
    let valid = true;
    const { sites } = directory(() => {
      if (!valid) throw new AppError(401, 'The visitor token is not valid for this site');
      return {
        object: 'published-content-site',
        organizationId: 'org',
        visitorClaims: {},
        site: {
          id: 's',
          title: 'Docs',
          basename: 'docs',
          visibility: 'visitor-auth',
          published: true,
          agentsContext: 'excluded',
          adaptiveContent: { enabled: false },
        },
        structure: { type: 'siteSpaces', structure: [] },
      };
    });
    expect((await sites.lookup(ask)).kind).toBe('found');
    valid = false;
    expect((await sites.lookup(ask)).kind).toBe('found');
    sites.invalidate();
    expect((await sites.lookup(ask)).kind).toBe('unauthorized');
  });
});
