import { AppError } from '../errors/app-error';
import { decodeCursor, encodeCursor, pageLimit, toList } from './cursor';

describe('cursor pagination', () => {
  it('round-trips a keyset position through an opaque token', () => {
    const token = encodeCursor(['2026-01-01T00:00:00.000Z', 'abc']);
    expect(token).not.toContain('abc');
    expect(decodeCursor(token, 2)).toEqual(['2026-01-01T00:00:00.000Z', 'abc']);
  });

  it.each([['not base64 json'], [encodeCursor(['only-one'])], [Buffer.from('{"k":[{},1]}').toString('base64url')]])(
    'rejects a forged or foreign token %s with a 400',
    (token) => {
      expect(() => decodeCursor(token, 2)).toThrow(AppError);
      try {
        decodeCursor(token, 2);
      } catch (e) {
        expect((e as AppError).code).toBe(400);
      }
    },
  );

  it('defaults the limit and rejects values outside 1..1000', () => {
    expect(pageLimit(undefined)).toBe(50);
    expect(pageLimit(1000)).toBe(1000);
    for (const bad of [0, 1001, 1.5, -3]) expect(() => pageLimit(bad)).toThrow(/limit/);
  });

  it('emits next only when an extra row was fetched, pointing at the last returned row', () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const withMore = toList(
      rows,
      2,
      3,
      (r) => [r.id],
      (r) => r.id,
    );
    expect(withMore.items).toEqual(['a', 'b']);
    expect(decodeCursor(withMore.next!.page, 1)).toEqual(['b']);
    const last = toList(
      rows.slice(2),
      2,
      3,
      (r) => [r.id],
      (r) => r.id,
    );
    expect(last.next).toBeUndefined();
    expect(last.count).toBe(3);
  });
});
