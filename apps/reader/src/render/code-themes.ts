// The official code themes (`CustomizationCodeTheme`) as palettes of the reader's highlighting:
// background, text, then keyword, string, number, comment and title colours. Close variants share
// a palette (GitHub's dark ones, Catppuccin's dark flavours). Every colour is a fixed value here,
// never from input; `codeThemeVars` raises any token below 4.5:1 on its background.

/** [background, text, keyword, string, number, comment, title] */
type Palette = readonly [string, string, string, string, string, string, string];

const DEFAULT_LIGHT: Palette = ['#f5f7fa', '#1d2330', '#8f1f8d', '#2b6a2c', '#7a5300', '#555c66', '#2950b5'];
const DEFAULT_DARK: Palette = ['#1b2029', '#e6e9ef', '#d3a6ff', '#98c379', '#e5c07b', '#9aa4b2', '#8ab4ff'];
const GITHUB_LIGHT: Palette = ['#ffffff', '#24292f', '#cf222e', '#0a3069', '#0550ae', '#6e7781', '#8250df'];
const GITHUB_DARK: Palette = ['#0d1117', '#e6edf3', '#ff7b72', '#a5d6ff', '#79c0ff', '#8b949e', '#d2a8ff'];
const CATPPUCCIN_DARK: Palette = ['#1e1e2e', '#cdd6f4', '#cba6f7', '#a6e3a1', '#fab387', '#9399b2', '#89b4fa'];
const MATERIAL: Palette = ['#263238', '#eeffff', '#c792ea', '#c3e88d', '#f78c6c', '#546e7a', '#82aaff'];
const GRUVBOX_DARK: Palette = ['#282828', '#ebdbb2', '#fb4934', '#b8bb26', '#d3869b', '#928374', '#fabd2f'];
const GRUVBOX_LIGHT: Palette = ['#fbf1c7', '#3c3836', '#9d0006', '#79740e', '#8f3f71', '#928374', '#b57614'];
const VITESSE_DARK: Palette = ['#121212', '#dbd7ca', '#4d9375', '#c98a7d', '#4c9a91', '#758575', '#80a665'];
const KANAGAWA: Palette = ['#1f1f28', '#dcd7ba', '#957fb8', '#98bb6c', '#d27e99', '#727169', '#7e9cd8'];
const ROSE_PINE: Palette = ['#191724', '#e0def4', '#31748f', '#f6c177', '#ebbcba', '#6e6a86', '#9ccfd8'];
const VS_DARK: Palette = ['#1e1e1e', '#d4d4d4', '#569cd6', '#ce9178', '#b5cea8', '#6a9955', '#dcdcaa'];
const VS_LIGHT: Palette = ['#ffffff', '#000000', '#0000ff', '#a31515', '#098658', '#008000', '#795e26'];

const withBackground = (palette: Palette, background: string): Palette => [background, ...palette.slice(1)] as unknown as Palette;

export const CODE_THEMES: Readonly<Record<string, Palette>> = {
  'default-light': DEFAULT_LIGHT,
  'default-dark': DEFAULT_DARK,
  'monochrome-light': ['#f5f7fa', '#1d2330', '#1d2330', '#1d2330', '#1d2330', '#555c66', '#1d2330'],
  'monochrome-dark': ['#1b2029', '#e6e9ef', '#e6e9ef', '#e6e9ef', '#e6e9ef', '#9aa4b2', '#e6e9ef'],
  andromeeda: ['#23262e', '#d5ced9', '#c74ded', '#96e072', '#f39c12', '#a0a1a7', '#ffe66d'],
  'aurora-x': withBackground(MATERIAL, '#07090f'),
  'ayu-dark': ['#0b0e14', '#bfbdb6', '#ff8f40', '#aad94c', '#d2a6ff', '#636a76', '#ffb454'],
  'catppuccin-frappe': withBackground(CATPPUCCIN_DARK, '#303446'),
  'catppuccin-latte': ['#eff1f5', '#4c4f69', '#8839ef', '#40a02b', '#fe640b', '#8c8fa1', '#1e66f5'],
  'catppuccin-macchiato': withBackground(CATPPUCCIN_DARK, '#24273a'),
  'catppuccin-mocha': CATPPUCCIN_DARK,
  'dark-plus': VS_DARK,
  dracula: ['#282a36', '#f8f8f2', '#ff79c6', '#f1fa8c', '#bd93f9', '#7d8ab8', '#50fa7b'],
  'dracula-soft': ['#2d2f3f', '#f6f6f4', '#f286c4', '#ebf085', '#bf9eee', '#7d8ab8', '#62e884'],
  'everforest-dark': ['#2d353b', '#d3c6aa', '#e67e80', '#a7c080', '#d699b6', '#859289', '#83c092'],
  'everforest-light': ['#fdf6e3', '#5c6a72', '#f85552', '#8da101', '#df69ba', '#939f91', '#35a77c'],
  'github-dark': GITHUB_DARK,
  'github-dark-default': GITHUB_DARK,
  'github-dark-dimmed': ['#22272e', '#adbac7', '#f47067', '#96d0ff', '#6cb6ff', '#768390', '#dcbdfb'],
  'github-dark-high-contrast': ['#0a0c10', '#f0f3f6', '#ff9492', '#addcff', '#91cbff', '#bdc4cc', '#dbb7ff'],
  'github-light': GITHUB_LIGHT,
  'github-light-default': GITHUB_LIGHT,
  'github-light-high-contrast': ['#ffffff', '#0e1116', '#a0111f', '#032563', '#023b95', '#66707b', '#622cbc'],
  'gruvbox-dark-hard': withBackground(GRUVBOX_DARK, '#1d2021'),
  'gruvbox-dark-medium': GRUVBOX_DARK,
  'gruvbox-dark-soft': withBackground(GRUVBOX_DARK, '#32302f'),
  'gruvbox-light-hard': withBackground(GRUVBOX_LIGHT, '#f9f5d7'),
  'gruvbox-light-medium': GRUVBOX_LIGHT,
  'gruvbox-light-soft': withBackground(GRUVBOX_LIGHT, '#f2e5bc'),
  houston: ['#17191e', '#eef0f9', '#54b9ff', '#ffd493', '#ffd493', '#858b98', '#00daef'],
  'kanagawa-dragon': withBackground(KANAGAWA, '#181616'),
  'kanagawa-lotus': ['#f2ecbc', '#545464', '#624c83', '#6f894e', '#b35b79', '#8a8980', '#4d699b'],
  'kanagawa-wave': KANAGAWA,
  laserwave: ['#27212e', '#ffffff', '#40b4c4', '#b4dce7', '#b381c5', '#91889b', '#eb64b9'],
  'light-plus': VS_LIGHT,
  'material-theme': MATERIAL,
  'material-theme-darker': withBackground(MATERIAL, '#212121'),
  'material-theme-lighter': ['#fafafa', '#546e7a', '#7c4dff', '#91b859', '#f76d47', '#90a4ae', '#6182b8'],
  'material-theme-ocean': withBackground(MATERIAL, '#0f111a'),
  'material-theme-palenight': withBackground(MATERIAL, '#292d3e'),
  'min-dark': ['#1f1f1f', '#d1d5da', '#f97583', '#ffab70', '#f8f8f8', '#6b737c', '#b392f0'],
  'min-light': ['#ffffff', '#24292e', '#d32f2f', '#22863a', '#1976d2', '#c2c3c5', '#6f42c1'],
  monokai: ['#272822', '#f8f8f2', '#f92672', '#e6db74', '#ae81ff', '#75715e', '#a6e22e'],
  'night-owl': ['#011627', '#d6deeb', '#c792ea', '#ecc48d', '#f78c6c', '#637777', '#82aaff'],
  nord: ['#2e3440', '#d8dee9', '#81a1c1', '#a3be8c', '#b48ead', '#616e88', '#88c0d0'],
  'one-dark-pro': ['#282c34', '#abb2bf', '#c678dd', '#98c379', '#d19a66', '#7f848e', '#61afef'],
  'one-light': ['#fafafa', '#383a42', '#a626a4', '#50a14f', '#986801', '#a0a1a7', '#4078f2'],
  plastic: ['#21252b', '#a9b2c3', '#e06c75', '#98c379', '#56b6c2', '#5f6672', '#b57edc'],
  poimandres: ['#1b1e28', '#a6accd', '#91b4d5', '#5de4c7', '#5de4c7', '#767c9d', '#add7ff'],
  red: ['#390000', '#f8f8f8', '#f12727', '#cd8d8d', '#ffec8e', '#e7c0c0', '#ffb454'],
  'rose-pine': ROSE_PINE,
  'rose-pine-dawn': ['#faf4ed', '#575279', '#286983', '#ea9d34', '#d7827e', '#9893a5', '#56949f'],
  'rose-pine-moon': withBackground(ROSE_PINE, '#232136'),
  'slack-dark': withBackground(VS_DARK, '#222222'),
  'slack-ochin': VS_LIGHT,
  'snazzy-light': ['#fafbfc', '#565869', '#f767bb', '#2dae58', '#09a1ed', '#9194a2', '#13bbb7'],
  'solarized-dark': ['#002b36', '#839496', '#859900', '#2aa198', '#d33682', '#586e75', '#268bd2'],
  'solarized-light': ['#fdf6e3', '#657b83', '#859900', '#2aa198', '#d33682', '#93a1a1', '#268bd2'],
  'synthwave-84': ['#262335', '#ffffff', '#fede5d', '#ff8b39', '#f97e72', '#848bbd', '#36f9f6'],
  'tokyo-night': ['#1a1b26', '#a9b1d6', '#bb9af7', '#9ece6a', '#ff9e64', '#565f89', '#7aa2f7'],
  vesper: ['#101010', '#ffffff', '#a0a0a0', '#99ffe4', '#ffc799', '#8b8b8b', '#ffc799'],
  'vitesse-black': withBackground(VITESSE_DARK, '#000000'),
  'vitesse-dark': VITESSE_DARK,
  'vitesse-light': ['#ffffff', '#393a34', '#1e754f', '#b56959', '#2f798a', '#a0ada0', '#59873a'],
};

const TOKENS = ['--hl-keyword', '--hl-string', '--hl-number', '--hl-comment', '--hl-title'] as const;

/**
 * The custom properties of a code theme, or '' for the built-in palette of that mode (which
 * already follows the page's light and dark). Text and tokens are made readable on the block's
 * background (`readable`, given by the caller to keep the colour maths in one place).
 */
export function codeThemeVars(
  theme: string,
  mode: 'light' | 'dark',
  readable: (color: string, background: string, toward: 'light' | 'dark') => string,
  isDark: (color: string) => boolean,
): string {
  if (!Object.hasOwn(CODE_THEMES, theme) || theme === `default-${mode}`) return '';
  const [background, text, ...tokens] = CODE_THEMES[theme];
  const toward = isDark(background) ? 'dark' : 'light';
  const vars = [`--code-block-bg:${background}`, `--code-block-fg:${readable(text, background, toward)}`];
  tokens.forEach((color, i) => vars.push(`${TOKENS[i]}:${readable(color, background, toward)}`));
  return vars.join(';');
}
