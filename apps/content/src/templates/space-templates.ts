/**
 * Built-in space templates (the official `SpaceTemplate`: id, title, subtitle, emoji, features): a
 * small tree of starter pages with real bodies, written in Markdown and converted when applied.
 * `logo` is the one content reference they take: a file of the space shown atop the first page.
 */
export interface TemplatePage {
  title: string;
  markdown: string;
  pages?: TemplatePage[];
}

export interface SpaceTemplate {
  id: string;
  title: string;
  subtitle: string;
  emoji: string;
  features: string[];
  pages: TemplatePage[];
}

/** Keys of `params.contentRefs` a template accepts. */
export const TEMPLATE_CONTENT_REFS = ['logo'] as const;

export const SPACE_TEMPLATES: readonly SpaceTemplate[] = [
  {
    id: 'blank',
    title: 'Blank space',
    subtitle: 'One empty page to start from',
    emoji: '📄',
    features: [],
    pages: [{ title: 'Welcome', markdown: 'Start writing here.' }],
  },
  {
    id: 'product-docs',
    title: 'Product documentation',
    subtitle: 'Overview, quickstart and guides for your product',
    emoji: '📘',
    features: ['guides', 'quickstart'],
    pages: [
      {
        title: 'Overview',
        markdown:
          '## What it does\n\nDescribe the problem your product solves and who it is for.\n\n## Where to start\n\nNew here? Follow the quickstart, then read the guides.',
      },
      {
        title: 'Quickstart',
        markdown:
          '## Install\n\n```bash\nnpm install your-product\n```\n\n## Configure\n\nCreate a configuration file and set your API key.\n\n## First run\n\nRun the product and check the output.',
      },
      {
        title: 'Guides',
        markdown: 'Task-oriented guides, one per page.',
        pages: [
          { title: 'Configuration', markdown: '## Options\n\nEvery option, its default and when to change it.' },
          { title: 'Troubleshooting', markdown: '## Common problems\n\nSymptoms, causes and fixes.' },
        ],
      },
    ],
  },
  {
    id: 'api-reference',
    title: 'API reference',
    subtitle: 'Authentication, endpoints and errors of an HTTP API',
    emoji: '🧩',
    features: ['api'],
    pages: [
      {
        title: 'Introduction',
        markdown: '## Base URL\n\nAll requests go to `https://api.example.com/v1`.\n\n## Formats\n\nRequests and responses are JSON.',
      },
      { title: 'Authentication', markdown: '## API tokens\n\nSend `Authorization: Bearer <token>` with every request.' },
      {
        title: 'Endpoints',
        markdown: 'One page per resource.',
        pages: [{ title: 'Users', markdown: '## List users\n\n`GET /users` returns a paginated list of users.' }],
      },
      { title: 'Errors', markdown: '## Error format\n\nErrors are `{"error": {"code", "message"}}` with an HTTP status.' },
    ],
  },
  {
    id: 'knowledge-base',
    title: 'Knowledge base',
    subtitle: 'Answers to the questions your team and customers ask',
    emoji: '💡',
    features: ['faq'],
    pages: [
      { title: 'Getting started', markdown: '## Who this is for\n\nEveryone looking for an answer. Search first, then browse.' },
      {
        title: 'FAQ',
        markdown:
          '## How do I reset my password?\n\nUse the "Forgot password" link on the sign-in page.\n\n## How do I contact support?\n\nWrite to support from the help menu.',
      },
      { title: 'How-to articles', markdown: 'Step-by-step articles, one task each.' },
    ],
  },
  {
    id: 'changelog',
    title: 'Changelog',
    subtitle: 'What changed in each release',
    emoji: '📝',
    features: ['changelog'],
    pages: [
      {
        title: 'Changelog',
        markdown: 'Newest releases first.',
        pages: [{ title: 'Version 1.0.0', markdown: '## Added\n\n- First public release.\n\n## Fixed\n\n- Nothing yet.' }],
      },
    ],
  },
];

export const templateById = (id: string): SpaceTemplate | undefined => SPACE_TEMPLATES.find((t) => t.id === id);
