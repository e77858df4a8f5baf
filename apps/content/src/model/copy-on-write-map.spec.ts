import { CopyOnWriteMap } from './copy-on-write-map';

interface Box {
  n: number;
}
const copyBox = (b: Box): Box => ({ ...b });

describe('CopyOnWriteMap', () => {
  const baseOf = () =>
    new Map<string, Box>([
      ['a', { n: 1 }],
      ['b', { n: 2 }],
    ]);

  it('reads through to the base and copies what it reads, so changing a value never reaches the base', () => {
    const base = baseOf();
    const map = new CopyOnWriteMap(base, copyBox);
    const a = map.get('a')!;
    a.n = 10;
    expect(map.get('a')!.n).toBe(10);
    expect(base.get('a')!.n).toBe(1);
    expect(map.get('zz')).toBeUndefined();
  });

  it('keeps sets and deletes in its own layer, with a true size, membership and iteration', () => {
    const base = baseOf();
    const map = new CopyOnWriteMap(base, copyBox);
    map.set('c', { n: 3 });
    expect(map.delete('a')).toBe(true);
    expect(map.delete('a')).toBe(false);
    expect(map.has('a')).toBe(false);
    expect(map.get('a')).toBeUndefined();
    expect(map.size).toBe(2);
    expect([...map.keys()].sort()).toEqual(['b', 'c']);
    expect(Object.fromEntries([...map].map(([k, v]) => [k, v.n]))).toEqual({ b: 2, c: 3 });
    map.set('a', { n: 7 });
    expect(map.size).toBe(3);
    expect(map.get('a')!.n).toBe(7);
    expect([...base.keys()]).toEqual(['a', 'b']);
    expect(base.get('a')!.n).toBe(1);
  });

  it('iterates every key once even when reading copies values into the layer', () => {
    const map = new CopyOnWriteMap(baseOf(), copyBox);
    map.get('a');
    const seen: string[] = [];
    map.forEach((_v, k) => seen.push(k));
    expect(seen.sort()).toEqual(['a', 'b']);
    expect([...map.values()].length).toBe(2);
  });

  it('layers over another layer without changing it, and counts its depth', () => {
    const first = new CopyOnWriteMap(baseOf(), copyBox);
    first.set('c', { n: 3 });
    first.seal();
    const second = new CopyOnWriteMap(first, copyBox);
    second.get('c')!.n = 30;
    second.delete('b');
    expect(first.get('c')!.n).toBe(3);
    expect(first.has('b')).toBe(true);
    expect(second.size).toBe(2);
    expect(second.depth).toBe(2);
    expect(first.depth).toBe(1);
  });

  it('refuses writes once sealed and no longer copies on read', () => {
    const map = new CopyOnWriteMap(baseOf(), copyBox).seal();
    expect(() => map.set('x', { n: 0 })).toThrow(/sealed/);
    expect(() => map.delete('a')).toThrow(/sealed/);
    expect(() => map.clear()).toThrow(/sealed/);
    expect(map.get('a')).toBe(map.get('a'));
  });

  it('clears every key of the base from its own view only', () => {
    const base = baseOf();
    const map = new CopyOnWriteMap(base, copyBox);
    map.clear();
    expect(map.size).toBe(0);
    expect([...map.keys()]).toEqual([]);
    expect(base.size).toBe(2);
  });
});
