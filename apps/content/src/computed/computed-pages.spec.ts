import type { ComputedPageSource } from '@bindery/contracts';
import { computedDocument, generatePages } from './computed-pages';
import { outlineOf } from './openapi-outline';

const spec = {
  openapi: '3.0.3',
  info: { title: 'Pets', description: 'The pet store' },
  tags: [{ name: 'Stores' }, { name: 'Pets', description: 'About pets' }, { name: 'Unused' }],
  paths: {
    '/pets': { get: { summary: 'List pets', tags: ['Pets'] }, post: { operationId: 'addPet', tags: ['Pets', 'Stores'], deprecated: true } },
    '/health': { get: {} },
    '/stores': { get: { summary: 'List pets', tags: ['Stores'] }, parameters: [] },
  },
  components: { schemas: { Pet: {}, Store: {} } },
};

const source = (grouping: 'by-tag' | 'by-operation', models = true): ComputedPageSource => ({
  type: 'builtin:openapi',
  dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } },
  props: { models, grouping },
});

const at = { seed: 'page1', path: 'api', app: 'https://app/s/space' };
const shape = (pages: Array<{ title: string; path?: unknown; pages?: unknown }>): unknown[] =>
  pages.map((p) => [p.title, p.path, ...((p.pages as []).length ? [shape(p.pages as [])] : [])]);

describe('outlineOf', () => {
  it('keeps listed tags in order, adds untagged operations under default, drops tags without operations', () => {
    const outline = outlineOf(spec);
    expect(outline.tags.map((t) => [t.name, t.operations.map((o) => `${o.method} ${o.path}`)])).toEqual([
      ['Stores', ['get /stores']],
      ['Pets', ['get /pets', 'post /pets']],
      ['default', ['get /health']],
    ]);
    expect(outline.tags[1].operations[1]).toMatchObject({ summary: 'addPet', deprecated: true });
    expect(outline.models).toEqual(['Pet', 'Store']);
  });

  it('survives a document that is not an object', () => {
    expect(outlineOf(null)).toEqual({ title: 'API reference', tags: [], models: [] });
  });
});

describe('generatePages', () => {
  it('by tag: a page per tag under the computed page, then the models', () => {
    const pages = generatePages(outlineOf(spec), source('by-tag'), at);
    expect(shape(pages)).toEqual([
      ['Stores', 'api/stores'],
      ['Pets', 'api/pets'],
      ['default', 'api/default'],
      ['Models', 'api/models'],
    ]);
    expect(pages[1]).toMatchObject({ type: 'document', computed: { props: { doc: 'operations', page: 'Pets' } } });
    expect((pages[1].document as { nodes: unknown[] }).nodes).toHaveLength(3); // description + two operations
  });

  it('by operation: a page per operation below its tag, slugs unique among siblings', () => {
    const pages = generatePages(outlineOf(spec), source('by-operation', false), at);
    expect(shape(pages)[1]).toEqual([
      'Pets',
      'api/pets',
      [
        ['List pets', 'api/pets/list-pets'],
        ['addPet', 'api/pets/addpet'],
      ],
    ]);
    expect(pages.map((p) => p.title)).not.toContain('Models');
  });

  it('gives the same ids for the same seed and other ids for another', () => {
    const outline = outlineOf(spec);
    const ids = (seed: string) => generatePages(outline, source('by-tag'), { ...at, seed }).map((p) => p.id);
    expect(ids('page1')).toEqual(ids('page1'));
    expect(ids('page2')).not.toEqual(ids('page1'));
    expect(new Set(ids('page1')).size).toBe(4);
  });
});

describe('computedDocument', () => {
  const outline = outlineOf(spec);
  const doc = (props: object) =>
    computedDocument(outline, {
      type: 'builtin:openapi',
      dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } },
      props,
    } as never);

  it('an operation is one openapi-operation block; models one openapi-schemas block', () => {
    expect(doc({ doc: 'operation', page: '/pets', method: 'post' }).nodes).toEqual([
      {
        object: 'block',
        type: 'openapi-operation',
        isVoid: true,
        data: { ref: { kind: 'openapi', spec: 'pets' }, path: '/pets', method: 'post' },
      },
    ]);
    expect(doc({ doc: 'models' }).nodes[0]).toMatchObject({ type: 'openapi-schemas', data: { schemas: ['Pet', 'Store'] } });
  });

  it('an unknown tag or operation is a 404', () => {
    expect(() => doc({ doc: 'operations', page: 'Nope' })).toThrow(/no tag "Nope"/);
    expect(() => doc({ doc: 'operation', page: '/pets', method: 'delete' })).toThrow(/no operation DELETE \/pets/);
  });
});
