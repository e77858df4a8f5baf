import { expectError, expectOperation, OpenApiValidator } from '@bindery/testing';
import { createSpace } from './content-helpers';
import { type GroupBody, type PublishedBody, type SectionBody, type Shape, shapeOf, siteWithSpaces } from './sites-helpers';

/** The last official release with the section-group membership operations. */
const api146 = new OpenApiValidator('@gitbook/api-0.146');

/** A small seeded generator, so a failing sequence can be replayed from the seed in the message. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The expected structure: children of each parent (null: root) in order. */
class Model {
  readonly children = new Map<string | null, string[]>([[null, []]]);
  readonly parent = new Map<string, string | null>();
  readonly groups = new Set<string>();

  add(id: string, parent: string | null, group: boolean): void {
    this.children.get(parent)!.push(id);
    this.parent.set(id, parent);
    if (group) {
      this.groups.add(id);
      this.children.set(id, []);
    }
  }

  within(node: string | null, ancestor: string): boolean {
    for (let at = node; at !== null; at = this.parent.get(at) ?? null) if (at === ancestor) return true;
    return false;
  }

  /** Applies a move; false when the server must refuse it (a group into itself). */
  move(id: string, anchor: string, side: 'before' | 'after'): boolean {
    const target = this.parent.get(anchor)!;
    if (this.groups.has(id) && this.within(target, id)) return false;
    const from = this.children.get(this.parent.get(id)!)!;
    from.splice(from.indexOf(id), 1);
    const into = this.children.get(target)!;
    into.splice(into.indexOf(anchor) + (side === 'after' ? 1 : 0), 0, id);
    this.parent.set(id, target);
    return true;
  }

  shape(parent: string | null = null): Shape {
    return this.children.get(parent)!.map((id) => (this.groups.has(id) ? ([id, this.shape(id)] as [string, Shape]) : id));
  }
}

describe('sites: ordering survives a long random sequence of moves (property test through the API)', () => {
  it('keeps the published section tree equal to a model after every move of sections and groups', async () => {
    const { client, orgId, base } = await siteWithSpaces(0, 'moves');
    const space = await createSpace(client, orgId, 'Shared');
    const model = new Model();
    for (let i = 0; i < 6; i++) {
      const section = expectOperation<SectionBody>(
        await client.post(`${base}/sections`, { spaceId: space.id, title: `Section ${i}` }),
        'addSectionToSite',
        201,
      );
      model.add(section.id, null, false);
    }
    for (let i = 0; i < 3; i++) {
      const group = expectOperation<GroupBody>(
        await client.post(`${base}/section-groups`, { title: `Group ${i}` }),
        'addSectionGroupToSite',
        201,
      );
      model.add(group.id, null, true);
    }
    await client.post(`${base}/publish`);
    const items = [...model.parent.keys()];
    const seed = Date.now() % 100_000;
    const next = random(seed);
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)];
    for (let step = 0; step < 80; step++) {
      const id = pick(items);
      const anchor = pick(items.filter((other) => other !== id));
      const side = next() < 0.5 ? 'before' : 'after';
      const kind = (x: string) => (model.groups.has(x) ? 'site-section-group' : 'site-section');
      const response = await client.patch(`${base}/structure/sort`, {
        item: { type: kind(id), id },
        position: { [side]: { type: kind(anchor), id: anchor } },
      });
      if (model.move(id, anchor, side)) expectOperation(response, 'sortSiteStructure', 200);
      else expectError(response, 400, /itself/);
      if (step % 10 === 9 || step === 79) {
        const published = expectOperation<PublishedBody>(await client.get(`${base}/published`), 'getPublishedContentSite', 200);
        const actual = published.structure.type === 'sections' ? shapeOf(published.structure.structure) : [];
        if (JSON.stringify(actual) !== JSON.stringify(model.shape()))
          throw new Error(`seed ${seed}, step ${step}: ${JSON.stringify(actual)} != ${JSON.stringify(model.shape())}`);
      }
    }
  });
});

describe('sites: adding a section to a section group', () => {
  it('answers 201 with the group, as the official addSectionToGroup does', async () => {
    const { client, orgId, base } = await siteWithSpaces(0, 'group-add');
    const space = await createSpace(client, orgId, 'Grouped');
    const section = expectOperation<SectionBody>(
      await client.post(`${base}/sections`, { spaceId: space.id, title: 'Guides' }),
      'addSectionToSite',
      201,
    );
    const group = expectOperation<GroupBody>(
      await client.post(`${base}/section-groups`, { title: 'Products' }),
      'addSectionGroupToSite',
      201,
    );
    const added = expectOperation<GroupBody>(
      await client.post(`${base}/section-groups/${group.id}/sections`, { sectionId: section.id }),
      'addSectionToGroup',
      201,
      api146,
    );
    expect(added.children.map((c) => c.id)).toEqual([section.id]);
  });
});
