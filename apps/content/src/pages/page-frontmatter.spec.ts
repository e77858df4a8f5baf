import { AppError } from '@bindery/platform';
import { pageFieldsFromFrontmatter } from './page-frontmatter';

const field = 'changes[0].document.markdown';

describe('pageFieldsFromFrontmatter', () => {
  it('keeps the page metadata fields and ignores the rest', () => {
    expect(
      pageFieldsFromFrontmatter(
        { title: ' Start ', description: 'How to', icon: 'rocket', emoji: '', slug: 'start', hidden: false, noIndex: true, layout: {} },
        field,
      ),
    ).toEqual({ title: 'Start', description: 'How to', icon: 'rocket', emoji: '', slug: 'start', hidden: false, noIndex: true });
  });

  it('reads a numeric title as text', () => {
    expect(pageFieldsFromFrontmatter({ title: 2024 }, field)).toEqual({ title: '2024' });
  });

  it.each([
    [{ hidden: 'yes' }, /frontmatter "hidden" must be true or false/],
    [{ title: '' }, /frontmatter "title" must be 1 to 255 characters/],
    [{ description: 'x'.repeat(1001) }, /frontmatter "description" must be at most 1000/],
    [{ slug: 'a b' }, /frontmatter "slug" must contain only/],
    [{ icon: ['a'] }, /frontmatter "icon" must be a string/],
  ])('refuses %j, naming the markdown field', (frontmatter, message) => {
    let error: unknown;
    try {
      pageFieldsFromFrontmatter(frontmatter, field);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(400);
    expect((error as AppError).message).toMatch(message);
    expect((error as AppError).message.startsWith(`${field}: `)).toBe(true);
  });
});
