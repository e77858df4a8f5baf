// Colours of both themes as custom properties: the dark set applies when chosen
// (`data-theme=dark`) or when the system is dark and no light choice was made, so every colour —
// syntax highlighting included — follows the same switch.
const LIGHT =
  '--tc-green:#1a7f37;--tc-blue:#1f5fd1;--tc-red:#c62828;--tc-orange:#a84b00;--tc-yellow:#7a5c00;--tc-purple:#7b3fb5;--tc-pink:#b3255f;--tc-violet:#5b3fc4;--tc-cyan:#0b6b80;--tc-tint:#5b6475;--bg-green:#dcf3e3;--bg-blue:#e0ebfd;--bg-red:#fde2e2;--bg-orange:#ffe9d2;--bg-yellow:#fff3c4;--bg-purple:#f0e4fb;--bg-pink:#fce4ee;--bg-violet:#e9e4fd;--bg-cyan:#dcf4f8;--bg-tint:#eef0f4;--bg:#fff;--fg:#1d2330;--muted:#5b6475;--line:#e3e6ec;--accent:#1f5fd1;--code:#f5f7fa;--card:#fafbfc;--hint-info:#e8f0fe;--hint-warning:#fff4e0;--hint-danger:#fde8e8;--hint-success:#e6f6ec;--hl-keyword:#8f1f8d;--hl-string:#2b6a2c;--hl-number:#7a5300;--hl-comment:#555c66;--hl-title:#2950b5;--ok:#1a7f37;--bad:#c62828;color-scheme:light';
const DARK =
  '--tc-green:#6fd08c;--tc-blue:#8ab4ff;--tc-red:#ff8a80;--tc-orange:#ffb26b;--tc-yellow:#f0d060;--tc-purple:#d3a6ff;--tc-pink:#ff8fc0;--tc-violet:#b9a6ff;--tc-cyan:#67d8ef;--tc-tint:#a3acbd;--bg-green:#163a24;--bg-blue:#1a2a48;--bg-red:#451c1c;--bg-orange:#432a12;--bg-yellow:#3d3410;--bg-purple:#33204a;--bg-pink:#421a2e;--bg-violet:#28224d;--bg-cyan:#123a42;--bg-tint:#232833;--bg:#12151b;--fg:#e6e9ef;--muted:#a3acbd;--line:#2a303b;--accent:#7fb0ff;--code:#1b2029;--card:#181c24;--hint-info:#1a2640;--hint-warning:#3a2c12;--hint-danger:#3d1a1a;--hint-success:#14301f;--hl-keyword:#d3a6ff;--hl-string:#98c379;--hl-number:#e5c07b;--hl-comment:#9aa4b2;--hl-title:#8ab4ff;--ok:#6fd08c;--bad:#ff8a80;color-scheme:dark';

export const PALETTE = `:root{${LIGHT}}
[data-theme=dark]{${DARK}}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK}}}`;
