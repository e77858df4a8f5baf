// A site an attacker wrote through the API's Document format: every place a URL goes (link
// marks, embeds, images, cards, files, a link page in the navigation) holds a script URL in one
// of the spellings browsers accept. Used by the reader's unit and browser tests.
import type { Document } from '@bindery/document';
import type { SpaceContent } from './content/content-source';
import type { PublishedSite } from './sites/site-directory';

export const HOSTILE_ORG = 'evil';

/** Script URLs a scheme regex lets through: browsers drop tabs, newlines and leading controls first. */
export const SCRIPT_URLS = [
  'java\tscript:window.pwned=1',
  'java\nscript:window.pwned=1',
  '\u0001javascript:window.pwned=1',
  ' \u0000JaVa\rScRiPt:window.pwned=1',
];

const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const link = (url: string, label: string) => ({
  object: 'inline',
  type: 'link',
  data: { ref: { kind: 'url', url } },
  nodes: [text(label)],
});

export function hostileDocument(): Document {
  const nodes = [
    { object: 'block', type: 'paragraph', nodes: SCRIPT_URLS.map((url, i) => link(url, `link ${i}`)) },
    ...SCRIPT_URLS.map((url) => ({ object: 'block', type: 'embed', isVoid: true, data: { url } })),
    ...SCRIPT_URLS.map((url) => ({ object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'url', url } } })),
    ...SCRIPT_URLS.map((url) => ({ object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'url', url }, caption: 'file' } })),
    ...SCRIPT_URLS.map((url) => ({
      object: 'block',
      type: 'swagger',
      isVoid: true,
      data: { ref: { kind: 'url', url }, method: 'get', path: '/x' },
    })),
    {
      object: 'block',
      type: 'image',
      isVoid: true,
      data: { ref: { kind: 'url', url: SCRIPT_URLS[2] }, refDark: { kind: 'url', url: SCRIPT_URLS[0] } },
    },
  ];
  return { object: 'document', data: {}, nodes } as unknown as Document;
}

export function hostileSite(): PublishedSite {
  return {
    id: 'site-evil',
    organizationId: HOSTILE_ORG,
    title: 'Evil',
    basename: 'docs',
    visibility: 'public',
    published: true,
    agentsContext: 'excluded',
    adaptiveContent: false,
    version: '1',
    sections: [
      {
        id: 'sec-evil',
        title: 'Evil',
        path: '',
        default: true,
        siteSpaces: [{ id: 'ss-evil', title: 'Evil', path: '', default: true, spaceId: 'space-evil' }],
      },
    ],
  };
}

export function hostileContents(): SpaceContent[] {
  return [
    {
      spaceId: 'space-evil',
      revisionId: 'rev-evil',
      files: [],
      pages: [
        { id: 'p-attack', title: 'Attack', path: 'attack', type: 'document', document: hostileDocument(), pages: [] },
        ...SCRIPT_URLS.map((href, i) => ({
          id: `p-link-${i}`,
          title: `Link page ${i}`,
          path: `link-${i}`,
          type: 'link' as const,
          href,
          pages: [],
        })),
      ],
    },
  ];
}
