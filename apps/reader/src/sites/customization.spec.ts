import { readCustomization } from './customization';

const styling = {
  font: 'Inter',
  corners: 'circular',
  depth: 'flat',
  links: 'accent',
  codeTheme: { default: { light: 'one-light', dark: 'nord' } },
};

describe('readCustomization', () => {
  it('reads the official styling, page menu, banner and header items', () => {
    const custom = readCustomization({
      styling: { ...styling, monospaceFont: 'FiraCode', headingFont: null },
      pageActions: { items: ['markdown', 'git'] },
      announcement: {
        enabled: true,
        message: 'Version 3 is out',
        style: 'warning',
        link: { title: 'Notes', to: { kind: 'url', url: 'https://x.example/notes' } },
      },
      header: {
        links: [
          { title: 'Docs', to: { kind: 'page', page: 'p1' }, links: [], style: 'button-primary' },
          { title: 'More', to: null, links: [{ title: 'Blog', to: { kind: 'url', url: 'https://x.example/blog' } }] },
          { title: 'Beta', to: { kind: 'url', url: 'https://beta.example' }, links: [], condition: 'visitor.claims.beta' },
          { title: 'Empty', to: null, links: [] },
        ],
      },
    });
    expect(custom).toMatchObject({
      font: 'Inter',
      monospaceFont: 'FiraCode',
      corners: 'circular',
      depth: 'flat',
      links: 'accent',
      codeTheme: { light: 'one-light', dark: 'nord' },
      gitEdit: true,
      announcement: { message: 'Version 3 is out', style: 'warning', link: { title: 'Notes', url: 'https://x.example/notes' } },
    });
    expect(custom.headingFont).toBeUndefined();
    expect(custom.headerLinks).toEqual([
      { title: 'Docs', style: 'button-primary', to: { title: 'Docs', pageId: 'p1' }, links: [] },
      { title: 'More', style: 'link', links: [{ title: 'Blog', url: 'https://x.example/blog' }] },
    ]);
  });

  it('falls back to the defaults for values outside the official enums, and shows a disabled banner nowhere', () => {
    const custom = readCustomization({
      styling: {
        corners: 'blobby',
        depth: 'deep',
        links: 'x',
        codeTheme: { default: { light: 'one-light', dark: 'red;}' } },
        font: '__proto__',
      },
      announcement: { enabled: false, message: 'Hidden', style: 'info' },
      pageActions: { items: 'git' },
    });
    expect(custom).toMatchObject({ corners: 'rounded', depth: 'subtle', links: 'default', gitEdit: false });
    expect(custom.codeTheme).toBeUndefined();
    expect(custom.font).toBeUndefined();
    expect(custom.announcement).toBeUndefined();
  });
});
