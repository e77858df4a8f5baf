import 'reflect-metadata';
import { documentOfJsonSize, TEXT_UNITS, utf16Length } from '../../../test/document-of-size';
import { isDocumentInput, isJsonDocument, MAX_DOCUMENT_CHARS } from './document.validators';

describe('a page document’s size (isJsonDocument, isDocumentInput)', () => {
  it.each(TEXT_UNITS)('accepts JSON of exactly MAX_DOCUMENT_CHARS characters and refuses one more, for text of %j', (unit) => {
    const atLimit = documentOfJsonSize(MAX_DOCUMENT_CHARS, unit, utf16Length);
    const over = documentOfJsonSize(MAX_DOCUMENT_CHARS + 1, unit, utf16Length);
    expect([JSON.stringify(atLimit).length, JSON.stringify(over).length]).toEqual([MAX_DOCUMENT_CHARS, MAX_DOCUMENT_CHARS + 1]);
    expect(isJsonDocument(atLimit)).toBe(true);
    expect(isJsonDocument(over)).toBe(false);
    expect(isDocumentInput({ document: atLimit })).toBe(true);
    expect(isDocumentInput({ document: over })).toBe(false);
  });

  it('counts UTF-16 units, as before: a document of 4-byte characters at the character limit is accepted', () => {
    const emoji = documentOfJsonSize(MAX_DOCUMENT_CHARS, '😀', utf16Length);
    expect(Buffer.byteLength(JSON.stringify(emoji))).toBeGreaterThan(MAX_DOCUMENT_CHARS);
    expect(isJsonDocument(emoji)).toBe(true);
  });

  it('measures an ordinary document without serialising it again', () => {
    const doc = documentOfJsonSize(2000, 'é', utf16Length);
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      expect(isJsonDocument(doc)).toBe(true);
      expect(isDocumentInput({ document: doc })).toBe(true);
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });
});
