import { joinJsonObjects } from './json-join';

const join = (a: unknown, b: unknown): unknown =>
  JSON.parse(joinJsonObjects(Buffer.from(JSON.stringify(a)), Buffer.from(JSON.stringify(b))).toString());

describe('joinJsonObjects', () => {
  it('gives the keys of both objects', () => {
    expect(join({ id: 'r1', files: [{ a: '}' }] }, { pages: [{ title: '{x}' }] })).toEqual({
      id: 'r1',
      files: [{ a: '}' }],
      pages: [{ title: '{x}' }],
    });
  });

  it('handles empty objects on either side', () => {
    expect(join({}, { pages: [] })).toEqual({ pages: [] });
    expect(join({ id: 1 }, {})).toEqual({ id: 1 });
    expect(join({}, {})).toEqual({});
  });

  it('refuses anything but serialised objects', () => {
    expect(() => joinJsonObjects(Buffer.from('[1]'), Buffer.from('{}'))).toThrow(/first/);
    expect(() => joinJsonObjects(Buffer.from('{}'), Buffer.from(' {}'))).toThrow(/second/);
  });
});
