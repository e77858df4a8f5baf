import { DEFAULT_LEVELS, type DefaultLevel, MEMBER_ROLES } from '@bindery/contracts';
import { collectionChain, contentLevel, type OrganizationStanding, reachesContent, spaceCountsByRole } from './space-level';

describe('contentLevel', () => {
  it.each<[OrganizationStanding, DefaultLevel[], string | null]>([
    // Not a member, or a guest: nothing, whatever the default levels.
    [undefined, ['inherit'], null],
    [undefined, ['admin'], null],
    [null, ['inherit'], null],
    [null, ['read'], null],
    [null, ['admin', 'edit'], null],
    // All inherit: the member's own role.
    ['edit', ['inherit'], 'edit'],
    ['read', ['inherit', 'inherit'], 'read'],
    ['comment', [], 'comment'],
    // A lower default level restricts a member below create.
    ['edit', ['read'], 'read'],
    ['review', ['comment'], 'comment'],
    // A higher one never widens.
    ['read', ['edit'], 'read'],
    ['comment', ['admin'], 'comment'],
    // create and admin still administrate.
    ['admin', ['read'], 'admin'],
    ['create', ['read'], 'create'],
    ['create', ['inherit', 'comment'], 'create'],
    // The innermost level that is not inherit wins: the space's own, then its collections'.
    ['edit', ['inherit', 'read', 'edit'], 'read'],
    ['edit', ['edit', 'read'], 'edit'],
    ['review', ['inherit', 'inherit', 'comment'], 'comment'],
  ])('standing %s with default levels %j: %s', (standing, levels, expected) => {
    expect(contentLevel({ standing, defaultLevels: levels })).toBe(expected);
  });

  it('gives a level exactly when reachesContent says so, for every role and default level', () => {
    for (const standing of [undefined, null, ...MEMBER_ROLES] as OrganizationStanding[]) {
      for (const own of DEFAULT_LEVELS) {
        for (const parent of DEFAULT_LEVELS) {
          const level = contentLevel({ standing, defaultLevels: [own, parent] });
          expect(level !== null).toBe(reachesContent(standing));
        }
      }
    }
  });
});

describe('collectionChain', () => {
  const collections = new Map([
    ['top', { parentId: null, defaultLevel: 'read' as DefaultLevel }],
    ['mid', { parentId: 'top', defaultLevel: 'inherit' as DefaultLevel }],
    ['loop-a', { parentId: 'loop-b', defaultLevel: 'edit' as DefaultLevel }],
    ['loop-b', { parentId: 'loop-a', defaultLevel: 'comment' as DefaultLevel }],
  ]);

  it('walks from the parent up to the top, innermost first', () => {
    expect(collectionChain('mid', collections)).toEqual(['inherit', 'read']);
    expect(collectionChain(null, collections)).toEqual([]);
    expect(collectionChain('gone', collections)).toEqual([]);
  });

  it('stops on a cycle instead of looping', () => {
    expect(collectionChain('loop-a', collections)).toEqual(['edit', 'comment']);
  });
});

describe('spaceCountsByRole', () => {
  it('counts for each role exactly the spaces contentLevel gives it a level on, whatever their default levels', () => {
    const spaces = DEFAULT_LEVELS.flatMap((own) => DEFAULT_LEVELS.map((parent) => [own, parent]));
    const counts = spaceCountsByRole(spaces.length);
    for (const role of MEMBER_ROLES) {
      const reached = spaces.filter((defaultLevels) => contentLevel({ standing: role, defaultLevels }) !== null).length;
      expect(counts[role]).toBe(reached);
    }
    expect(Object.keys(counts).sort()).toEqual([...MEMBER_ROLES].sort());
  });
});
