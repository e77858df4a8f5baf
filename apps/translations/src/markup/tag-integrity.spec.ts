import { tagsIntact, textPieces } from './tag-integrity';

const source = 'Click <span data-m="0">Save</span> then <a data-m="1">read the <span data-m="2">full</span> guide</a> <img data-x="0">.';

describe('tagsIntact', () => {
  it('accepts a translation with every wrapper and placeholder, nested alike, wherever the words went', () => {
    expect(
      tagsIntact(
        source,
        'Haz clic <span data-m="0">Guardar</span> y <a data-m="1">lee la guía <span data-m="2">completa</span></a> <img data-x="0">.',
      ),
    ).toBe(true);
  });

  it('refuses a dropped, emptied, duplicated or moved wrapper, and a lost placeholder', () => {
    expect(tagsIntact(source, 'Clic Guardar y <a data-m="1">lee la guía <span data-m="2">completa</span></a> <img data-x="0">.')).toBe(
      false,
    );
    expect(
      tagsIntact(source, 'Clic <span data-m="0"> </span> y <a data-m="1">lee <span data-m="2">toda</span></a> <img data-x="0">.'),
    ).toBe(false);
    expect(
      tagsIntact(
        source,
        '<span data-m="0">a</span><span data-m="0">b</span> <a data-m="1">c <span data-m="2">d</span></a> <img data-x="0">',
      ),
    ).toBe(false);
    expect(tagsIntact(source, '<span data-m="0">a</span> <a data-m="1">c</a> <span data-m="2">d</span> <img data-x="0">')).toBe(false);
    expect(tagsIntact(source, '<span data-m="0">a</span> <a data-m="1">c <span data-m="2">d</span></a>.')).toBe(false);
    expect(tagsIntact(source, '<span data-m="0">a</span> <a data-m="1">c <span data-m="2">d</a></span> <img data-x="0">')).toBe(false);
  });
});

describe('textPieces', () => {
  it('cuts the text between tags and joins translations back with the tags and spacing as they were', () => {
    const pieces = textPieces(source);
    expect(pieces.texts).toEqual(['Click ', 'Save', ' then ', 'read the ', 'full', ' guide']);
    const joined = pieces.join(['Haz clic', 'Guardar', 'luego', 'lee la', '', 'guía']);
    expect(joined).toBe(
      'Haz clic <span data-m="0">Guardar</span> luego <a data-m="1">lee la <span data-m="2">full</span> guía</a> <img data-x="0">.',
    );
    expect(tagsIntact(source, joined)).toBe(true);
  });
});
