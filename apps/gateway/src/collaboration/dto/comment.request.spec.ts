import 'reflect-metadata';
import { documentOfJsonSize, TEXT_UNITS, utf8Bytes } from '../../../test/document-of-size';
import { MAX_COMMENT_DOCUMENT_BYTES } from '@bindery/contracts';
import { commentBodyError } from './comment.request';

describe('a comment document’s size (commentBodyError)', () => {
  it.each(TEXT_UNITS)('accepts JSON of exactly MAX_COMMENT_DOCUMENT_BYTES bytes and refuses one more, for text of %j', (unit) => {
    const atLimit = documentOfJsonSize(MAX_COMMENT_DOCUMENT_BYTES, unit, utf8Bytes);
    const over = documentOfJsonSize(MAX_COMMENT_DOCUMENT_BYTES + 1, unit, utf8Bytes);
    expect([utf8Bytes(JSON.stringify(atLimit)), utf8Bytes(JSON.stringify(over))]).toEqual([
      MAX_COMMENT_DOCUMENT_BYTES,
      MAX_COMMENT_DOCUMENT_BYTES + 1,
    ]);
    expect(commentBodyError({ document: atLimit })).toBeUndefined();
    expect(commentBodyError({ document: over })).toBe(`document must be at most ${MAX_COMMENT_DOCUMENT_BYTES / 1024} KB of JSON`);
  });

  it('measures an ordinary comment document without serialising it again', () => {
    const doc = documentOfJsonSize(2000, '文', utf8Bytes);
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      expect(commentBodyError({ document: doc })).toBeUndefined();
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });
});
