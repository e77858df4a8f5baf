import { HOSTILE_ORG, hostileSite } from '../fixtures/hostile-site';
import { MemoryContentSource } from '../fixtures/memory-content';
import { MemorySiteDirectory } from '../fixtures/memory-directory';
import { ReaderService } from '../../src/http/reader.service';
import { testClient } from './client';

/** A space whose navigation holds a link page to one of its own pages (no href on the wire, a page target). */
const reader = () =>
  testClient(
    new ReaderService(
      new MemorySiteDirectory([hostileSite()]),
      new MemoryContentSource([
        {
          spaceId: 'space-evil',
          revisionId: 'rev-links',
          files: [],
          pages: [
            { id: 'p-intro', title: 'Intro', path: 'intro', type: 'document', pages: [] },
            { id: 'p-back', title: 'Back to intro', path: 'p-back', type: 'link', linkTo: 'p-intro', pages: [] },
            { id: 'p-gone', title: 'Gone', path: 'p-gone', type: 'link', linkTo: 'p-missing', pages: [] },
          ],
        },
      ]),
      { cacheBytes: 1 << 20 },
    ),
  );

describe('link pages in the navigation', () => {
  it('go to the page of this space they target, or nowhere when it is gone', async () => {
    const response = await reader().handle({
      method: 'GET',
      host: '127.0.0.1:8090',
      url: `/${HOSTILE_ORG}/docs/intro`,
      headers: {},
      secure: false,
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain(`href="/${HOSTILE_ORG}/docs/intro">Back to intro</a>`);
    expect(response.body).toContain('href="#">Gone</a>');
  });
});
