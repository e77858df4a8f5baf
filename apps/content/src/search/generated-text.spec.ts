import type { ComputedPageSource } from '@bindery/contracts';
import type { OpenApiOutline } from '../computed/openapi-outline';
import { generatedIndexedPages } from './generated-text';

const outline: OpenApiOutline = {
  title: 'Pets',
  tags: [
    {
      name: 'Pets',
      description: 'Everything about pets',
      operations: [
        { path: '/pets', method: 'get', summary: 'List pets', deprecated: false },
        { path: '/pets', method: 'post', summary: 'Adopt a pet', deprecated: false },
      ],
    },
  ],
  models: ['Pet'],
};
const source = (grouping: 'by-tag' | 'by-operation'): ComputedPageSource => ({
  type: 'builtin:openapi',
  dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } },
  props: { models: true, grouping },
});
const at = { id: 'api', title: 'API reference', path: 'guide/api', ancestors: ['Guide'] };

describe('generatedIndexedPages', () => {
  it('indexes each generated page with its path, ancestors and the operations it shows', () => {
    const pages = generatedIndexedPages(outline, source('by-operation'), at);
    expect(pages.map((p) => [p.title, p.path, p.ancestors.map((a) => a.title)])).toEqual([
      ['Pets', 'guide/api/pets', ['Guide', 'API reference']],
      ['List pets', 'guide/api/pets/list-pets', ['Guide', 'API reference', 'Pets']],
      ['Adopt a pet', 'guide/api/pets/adopt-a-pet', ['Guide', 'API reference', 'Pets']],
      ['Models', 'guide/api/models', ['Guide', 'API reference']],
    ]);
    expect(pages[2].sections[0].body).toBe('Adopt a pet POST /pets');
    expect(pages[2].words).toEqual(expect.arrayContaining(['adopt', 'pets']));
    expect(pages[3].sections[0].body).toBe('Pet');
  });

  it('gives a by-tag page the summaries of its operations', () => {
    const [tag] = generatedIndexedPages(outline, source('by-tag'), at);
    expect(tag.sections[0].body).toBe('Everything about pets\nList pets GET /pets\nAdopt a pet POST /pets');
  });
});
