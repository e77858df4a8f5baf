import { editLinksOf } from './edit-links';

const state = {
  repoUrl: 'https://github.com/acme/docs.git',
  provider: 'github',
  ref: 'refs/heads/main',
  projectDir: '',
  contentRoot: 'docs',
  paths: {
    pages: {
      'README.md': { id: 'p-home' },
      'guides/set up.md': { id: 'p-setup' },
      'guides/set up.md#2': { id: 'p-setup-again' },
      'group:/Guides': { id: 'p-group' },
    },
    files: {},
  },
};

describe('editLinksOf', () => {
  it('points each page at its file under the branch and the content root (GitHub)', () => {
    expect(editLinksOf(state)).toEqual({
      provider: 'github',
      editBase: 'https://github.com/acme/docs/edit/main/docs/',
      pages: { 'p-home': 'README.md', 'p-setup': 'guides/set%20up.md', 'p-setup-again': 'guides/set%20up.md' },
    });
  });

  it('spells GitLab editor, falls back to the project directory before an import, and keeps `/` in branch names', () => {
    const links = editLinksOf({
      ...state,
      repoUrl: 'https://gitlab.example.com/team/handbook/',
      provider: 'gitlab',
      ref: 'refs/heads/release/v2',
      contentRoot: null,
      projectDir: 'site',
    });
    expect(links?.editBase).toBe('https://gitlab.example.com/team/handbook/-/edit/release/v2/site/');
  });

  it('has none without a branch', () => {
    expect(editLinksOf({ ...state, ref: null })).toBeNull();
  });
});
