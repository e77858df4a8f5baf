/**
 * Customization settings of a published site and its site spaces: customizing sites is not built
 * yet, so every site gets the product's defaults, in the shape the official
 * `SiteCustomizationSettings` requires.
 */
const color = (light: string, dark: string) => ({ light, dark });

export const DEFAULT_CUSTOMIZATIONS: Record<string, unknown> = Object.freeze({
  styling: {
    theme: 'clean',
    primaryColor: color('#346DDB', '#346DDB'),
    infoColor: color('#787878', '#787878'),
    successColor: color('#02B36E', '#02B36E'),
    warningColor: color('#F97316', '#F97316'),
    dangerColor: color('#FB2C36', '#FB2C36'),
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    codeTheme: {
      default: { light: 'default-light', dark: 'default-dark' },
      openapi: { light: 'default-light', dark: 'default-dark' },
    },
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'system', toggeable: true },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  trademark: { enabled: true },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  pageActions: { items: [] },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: true },
});
