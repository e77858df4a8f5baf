import { markdownToDocument } from '@bindery/document';
import { PageTree, ROOT } from '../model/page-tree';
import { toIndexedPage } from './search-indexer';

// Nest 12 is ESM: the indexer's decorator is not what this test reads.
jest.mock('@nestjs/common', () => ({ Injectable: () => () => undefined }));

describe('a page as the search index holds it', () => {
  it('holds the summary and descriptions of a hand-written API operation ({% swagger %}), not its names or examples', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const tree = new PageTree();
    const page = {
      id: 'p1',
      type: 'document' as const,
      parent: ROOT,
      document: 'h',
      meta: { title: 'Users API', slug: 'users', createdAt: at, updatedAt: at },
    };
    tree.insert(page);
    const body = markdownToDocument(
      '## Create\n\n{% swagger method="post" path="/v1/users" summary="Create a user" %}\n' +
        '{% swagger-description %}\nMakes an account.\n{% endswagger-description %}\n\n' +
        '{% swagger-parameter in="body" name="email" type="String" %}\nWhere mail goes\n{% endswagger-parameter %}\n\n' +
        '{% swagger-response status="201: Created" description="The new user" %}\n```json\n{"secretExample": 1}\n```\n{% endswagger-response %}\n' +
        '{% endswagger %}\n',
    );
    const indexed = toIndexedPage(tree.seal(), page, body);
    expect(indexed.sections).toEqual([
      { heading: 'Create', anchor: null, body: 'Create a user\nMakes an account.\nWhere mail goes\nThe new user' },
    ]);
    expect(indexed.words).toEqual(expect.arrayContaining(['account', 'mail', 'new']));
    expect(indexed.words).not.toContain('secretexample');
  });
});
