import { searchConfig } from '../model/search-config';
import { indexWords, isTyping, queryWords, searchQuery, tsQueryText } from './search-text';

describe('search text', () => {
  it('chooses the stemmer of the space language, simple when there is none', () => {
    expect(searchConfig('fr')).toBe('french');
    expect(searchConfig('pt-br')).toBe('portuguese');
    expect(searchConfig(null)).toBe('english');
    expect(searchConfig('ja')).toBe('simple');
  });

  it('keeps letters and digits only, so a query cannot inject tsquery syntax', () => {
    expect(queryWords("Install' | !:* & (guide)")).toEqual(['install', 'guide']);
    expect(tsQueryText(['install', 'gui'], true)).toBe("'install' & 'gui':*");
    expect(tsQueryText(['install'], false)).toBe("'install'");
    expect(queryWords('x'.repeat(100) + ' ' + 'a '.repeat(40)).length).toBe(16);
  });

  it('looks up the words already typed in the index, the one being typed only in the sections found', () => {
    expect(searchQuery(['install', 'gui'], true)).toEqual({ text: "'install' & 'gui':*", exact: "'install'" });
    expect(searchQuery(['install', 'guide'], false)).toEqual({ text: "'install' & 'guide'", exact: "'install' & 'guide'" });
    expect(searchQuery(['gui'], true)).toEqual({ text: "'gui':*", exact: null });
  });

  it('treats a query ending in a letter as still being typed', () => {
    expect(isTyping('instal')).toBe(true);
    expect(isTyping('install ')).toBe(false);
  });

  it('indexes distinct words of 3 to 32 letters', () => {
    expect(indexWords('The the API, v2 and 2024 setup')).toEqual(['the', 'api', 'and', 'setup']);
  });
});
