import { TRANSLATION_INSTRUCTIONS_MAX_BYTES } from '@bindery/contracts';
import { instructionsProblem } from './instructions';

const paragraph = (text: string) => ({
  object: 'block',
  type: 'paragraph',
  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text }] }],
});
const document = (text: string) => ({ object: 'document', data: {}, nodes: [paragraph(text)] });

describe('instructionsProblem', () => {
  it('accepts a document up to the limit and refuses one past it, naming the field and the limit', () => {
    const overhead = JSON.stringify(document('')).length;
    expect(instructionsProblem(document('x'.repeat(TRANSLATION_INSTRUCTIONS_MAX_BYTES - overhead)))).toBeUndefined();
    expect(instructionsProblem(document('x'.repeat(TRANSLATION_INSTRUCTIONS_MAX_BYTES - overhead + 1)))).toMatch(
      new RegExp(`^instructions: must be at most ${TRANSLATION_INSTRUCTIONS_MAX_BYTES} bytes of JSON`),
    );
  });

  it('counts bytes, not characters', () => {
    const overhead = JSON.stringify(document('')).length;
    // "é" is two bytes of UTF-8.
    expect(instructionsProblem(document('é'.repeat((TRANSLATION_INSTRUCTIONS_MAX_BYTES - overhead) / 2 + 1)))).toMatch(/at most/);
  });
});
