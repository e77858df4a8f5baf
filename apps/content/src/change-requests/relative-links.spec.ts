import type { JsonDocument } from '@bindery/contracts';
import { type LinkTargets, resolveRelativeLinks, resolveRelativeUrl } from './relative-links';

// A page written in `guide/` of a space with pages `guide`, `guide/intro`, `api` and `api/auth`,
// a file `diagram.svg`, and a batch bringing the page ref `reference` and the file `logo.png` (ref `logo`).
const targets: LinkTargets = {
  dir: 'guide',
  pageRefs: new Map([['reference', 'pRef']]),
  pagesByPath: new Map([
    ['guide', 'pGuide'],
    ['guide/intro', 'pIntro'],
    ['api', 'pApi'],
    ['api/auth', 'pAuth'],
  ]),
  pageIds: new Set(['pGuide', 'pIntro', 'pApi', 'pAuth', 'pRef']),
  fileRefs: new Map([['logo', 'fLogo']]),
  filesByName: new Map([
    ['logo.png', 'fLogo'],
    ['diagram.svg', 'fDiagram'],
  ]),
};

describe('resolveRelativeUrl', () => {
  it.each([
    // Refs of the batch, in every spelling.
    ['./reference.md', { kind: 'page', page: 'pRef' }],
    ['reference.md', { kind: 'page', page: 'pRef' }],
    ['./reference', { kind: 'page', page: 'pRef' }],
    ['./reference.md#setup', { kind: 'anchor', page: 'pRef', anchor: 'setup' }],
    ['./logo.png', { kind: 'file', file: 'fLogo' }],
    ['./logo', { kind: 'file', file: 'fLogo' }],
    // Pages of the space, by path from the page's directory.
    ['./intro.md', { kind: 'page', page: 'pIntro' }],
    ['intro.md#install', { kind: 'anchor', page: 'pIntro', anchor: 'install' }],
    ['../api/auth.md', { kind: 'page', page: 'pAuth' }],
    ['../api/README.md', { kind: 'page', page: 'pApi' }],
    ['../api/', { kind: 'page', page: 'pApi' }],
    ['./in%74ro.md', { kind: 'page', page: 'pIntro' }],
    // Files of the space, by name.
    ['../diagram.svg', { kind: 'file', file: 'fDiagram' }],
    ['../.gitbook/assets/diagram.svg', { kind: 'file', file: 'fDiagram' }],
    // What Markdown exports write.
    ['/pages/pAuth', { kind: 'page', page: 'pAuth' }],
    ['/pages/pAuth#keys', { kind: 'anchor', page: 'pAuth', anchor: 'keys' }],
    ['/files/fDiagram', { kind: 'file', file: 'fDiagram' }],
  ])('%s resolves', (url, expected) => {
    expect(resolveRelativeUrl(url, targets)).toEqual(expected);
  });

  it.each([
    'https://example.com/reference.md',
    'mailto:someone@example.com',
    '//cdn.example.com/logo.png',
    '#setup',
    './missing.md',
    '../../outside.md',
    '/absolute/reference.md',
    '/pages/unknown',
    '/files/unknown',
    './diagram.svg.md',
    '',
  ])('%s stays a URL', (url) => {
    expect(resolveRelativeUrl(url, targets)).toBeUndefined();
  });
});

describe('resolveRelativeLinks', () => {
  it('rewrites the references of links and images, leaving the rest and the input as they were', () => {
    const link = (url: string) => ({
      object: 'inline',
      type: 'link',
      data: { ref: { kind: 'url', url } },
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: url, marks: [] }] }],
    });
    const document = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'paragraph',
          data: {},
          nodes: [
            link('./reference.md'),
            link('https://example.com'),
            { object: 'inline', type: 'inline-image', isVoid: true, data: { ref: { kind: 'url', url: './logo.png' }, alt: 'Logo' } },
          ],
        },
      ],
    } as unknown as JsonDocument;
    const before = JSON.stringify(document);
    const resolved = resolveRelativeLinks(document, targets) as unknown as { nodes: [{ nodes: { data: { ref: unknown } }[] }] };
    expect(resolved.nodes[0].nodes.map((n) => n.data.ref)).toEqual([
      { kind: 'page', page: 'pRef' },
      { kind: 'url', url: 'https://example.com' },
      { kind: 'file', file: 'fLogo' },
    ]);
    expect(JSON.stringify(document)).toBe(before);
  });
});
