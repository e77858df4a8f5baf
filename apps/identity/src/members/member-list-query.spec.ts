import { likePattern, memberListSql, memberSortKey } from './member-list-query';

describe('memberListSql', () => {
  it('defaults to newest joined first and lists everyone of the organization', () => {
    const sql = memberListSql({ organizationId: 'o1' }, undefined);
    expect(sql.where).toBe('m.organization_id = $1');
    expect(sql.orderBy).toBe('m.joined_at DESC, m.user_id DESC');
    expect(sql.params).toEqual(['o1']);
  });

  it('lists only members seen at least once when sorted by lastSeenAt, and continues after the cursor', () => {
    const sql = memberListSql({ organizationId: 'o1', sort: 'lastSeenAt', order: 'asc' }, ['2026-01-01T00:00:00.000Z', 'u9']);
    expect(sql.where).toContain('m.last_seen_at IS NOT NULL');
    expect(sql.after).toBe('AND (m.last_seen_at, m.user_id) > ($2::timestamptz, $3)');
    expect(sql.params).toEqual(['o1', '2026-01-01T00:00:00.000Z', 'u9']);
  });

  it('filters guests by a null role and searches name and email with escaped wildcards', () => {
    const sql = memberListSql({ organizationId: 'o1', role: 'guest', search: '50%_off' }, undefined);
    expect(sql.where).toContain('m.role IS NULL');
    expect(sql.where).toContain('(u.display_name ILIKE $2 OR u.email ILIKE $2)');
    expect(sql.params[1]).toBe('%50\\%\\_off%');
  });

  it('refuses a sort that is only a key of Object.prototype', () => {
    for (const sort of ['constructor', 'toString', 'hasOwnProperty']) {
      expect(() => memberListSql({ organizationId: 'o1', sort: sort as never }, undefined)).toThrow(/sort must be one of/);
    }
  });

  it('keys rows by the sort value and user id', () => {
    const row = { joined_at: new Date(0), last_seen_at: null, display_name: 'Ada', user_id: 'u1' };
    expect(memberSortKey({ sort: 'name' })(row)).toEqual(['ada', 'u1']);
    expect(memberSortKey({})(row)).toEqual(['1970-01-01T00:00:00.000Z', 'u1']);
    expect(likePattern('a\\b')).toBe('%a\\\\b%');
  });
});
