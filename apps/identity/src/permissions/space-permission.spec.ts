import { memberSpacePermission } from './space-permission';

describe('memberSpacePermission', () => {
  it.each([
    ['admin', 'read', 'admin'],
    ['admin', null, 'admin'],
    ['edit', 'inherit', 'edit'],
    ['edit', 'read', 'read'],
    ['read', 'edit', 'read'],
    ['comment', null, undefined],
    [null, 'read', 'read'],
    [null, 'inherit', undefined],
    [null, null, undefined],
  ] as const)('role %s on a space whose default level is %s: %s', (role, level, expected) => {
    expect(memberSpacePermission(role, level)).toBe(expected);
  });
});
