// The page's chrome at both sizes: sidebar (a drawer under 1024 px, a `popover`, so it opens, closes
// on Escape and on a tap outside without script), collapsible groups, breadcrumbs, the search dialog
// and results page, the copy button, the status pages.
export const CHROME = `
html{scroll-padding-top:16px}
.icon-button{display:none;min-width:44px;min-height:44px;align-items:center;justify-content:center;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg);font:inherit;cursor:pointer}
.search-open{display:none}
nav.sidebar{padding:20px 0;position:sticky;top:0;align-self:start;max-height:100vh;max-height:100dvh;overflow:auto;overscroll-behavior:contain;inset:auto;width:auto;height:auto;margin:0;border:0;color:inherit;background:transparent}
nav.sidebar[popover]{display:block}
.drawer-head{display:none}.drawer-links{display:none}
nav.sidebar details>summary{list-style:none;display:flex;align-items:center;justify-content:space-between;min-height:32px;margin-top:10px;padding:4px 6px;border-radius:4px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);font-weight:700}
nav.sidebar details>summary::-webkit-details-marker{display:none}
nav.sidebar details>summary::after{content:"";width:7px;height:7px;border-right:2px solid currentColor;border-bottom:2px solid currentColor;transform:rotate(-45deg);margin-right:4px}
nav.sidebar details[open]>summary::after{transform:rotate(45deg)}
nav.sidebar details>ul{padding-left:0}
nav.breadcrumbs ol{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:0;padding:0;font-size:14px;color:var(--muted)}
nav.breadcrumbs li+li::before{content:"/";margin-right:4px}nav.breadcrumbs a{color:var(--muted);display:inline-block;min-height:24px}
dialog.search-dialog{width:min(640px,calc(100vw - 16px));max-height:min(80vh,calc(100dvh - 16px));margin:8vh auto auto;padding:0;border:1px solid var(--line);border-radius:12px;background:var(--bg);color:var(--fg);box-shadow:0 20px 60px rgb(0 0 0 / .35)}
dialog.search-dialog::backdrop{background:rgb(0 0 0 / .45)}
dialog.search-dialog .search-box{display:flex;gap:8px;padding:12px;border-bottom:1px solid var(--line)}
dialog.search-dialog input{flex:1;min-height:44px;padding:8px 12px;font:inherit;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg)}
.search-results{list-style:none;margin:0;padding:8px;overflow:auto;max-height:calc(min(80vh,100dvh - 16px) - 120px)}
.search-results li a{display:block;padding:8px 10px;border-radius:8px;text-decoration:none;color:var(--fg)}
.search-results a[aria-selected=true],.search-results li a:hover{background:var(--code);outline:2px solid var(--accent)}
.search-results .hit-path{display:block;font-size:12px;color:var(--muted)}.search-results .hit-title{display:block;font-weight:600;color:var(--accent)}.search-results .hit-snippet{display:block;font-size:14px;color:var(--muted)}
.search-results mark,.results-page mark{background:var(--bg-yellow);color:inherit}
.search-status{margin:0;padding:4px 16px 10px;font-size:13px;color:var(--muted)}
.results-page ol{list-style:none;padding:0}.results-page li{padding:10px 0;border-bottom:1px solid var(--line)}.results-page .hit-path{display:block;font-size:13px;color:var(--muted)}.results-page .hit-snippet{display:block;color:var(--muted)}
figure.code{position:relative}button.copy{position:absolute;top:6px;right:6px;min-width:44px;min-height:32px;padding:4px 10px;font:inherit;font-size:13px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
figure.code figcaption+pre+button.copy{top:32px}
.page-meta{margin-top:32px;color:var(--muted);font-size:14px}
figure.embed-player{margin:1em 0}figure.embed-player iframe{display:block;width:100%;aspect-ratio:16/9;border:0;border-radius:8px;background:var(--code)}figure.embed-codepen iframe{aspect-ratio:auto;height:420px}figure.embed-player figcaption{font-size:13px;color:var(--muted)}
ul.card-grid{list-style:none;padding:0;margin:1em 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:12px}li.card-item{border:1px solid var(--line);background:var(--card);border-radius:8px;padding:12px 14px}li.card-item strong{display:block;margin-bottom:4px}.card-field{color:var(--muted);font-size:14px}
td ul,td ol{margin:0;padding-left:1.2em}
header.top .brand img.logo{height:32px;width:auto;max-width:200px;vertical-align:middle}
nav.header-links ul{display:flex;gap:12px;list-style:none;margin:0;padding:0}nav.header-links a{display:inline-flex;align-items:center;min-height:44px}
footer .footer-groups{display:flex;flex-wrap:wrap;gap:16px 48px;justify-content:center;text-align:left;margin-bottom:12px}footer .footer-groups ul{list-style:none;padding:0;margin:0}footer .footer-groups a{display:inline-block;min-height:24px;padding:2px 0}footer .footer-title{font-weight:700;color:var(--fg);margin:0 0 4px}footer .copyright{margin:0}
.page-actions{display:flex;justify-content:flex-end;margin:8px 0 0}.page-actions a{display:inline-flex;align-items:center;min-height:44px;padding:0 12px;border:1px solid var(--line);border-radius:8px;text-decoration:none;font-size:14px}
/* Customization: the banner, header dropdowns and buttons, code themes, corners, depth, link style. */
.announcement{display:flex;align-items:center;gap:8px;padding:6px 12px 6px 20px;background:var(--hint-info);color:var(--fg);font-size:14px;border-bottom:1px solid var(--line)}
.announcement p{flex:1;margin:0;padding:6px 0}.announcement a{font-weight:600}.announcement-warning{background:var(--hint-warning)}.announcement-danger{background:var(--hint-danger)}.announcement-success{background:var(--hint-success)}
.announcement-dismiss{min-width:44px;min-height:44px;border:0;background:transparent;color:var(--fg);font:inherit;cursor:pointer;border-radius:8px}
nav.header-links ul{align-items:center}nav.header-links details.dropdown{position:relative}
nav.header-links details.dropdown>summary{display:inline-flex;align-items:center;gap:6px;min-height:44px;cursor:pointer;color:var(--accent);list-style:none}
nav.header-links details.dropdown>summary::-webkit-details-marker{display:none}
nav.header-links details.dropdown>summary::after{content:"";width:6px;height:6px;border-right:2px solid currentColor;border-bottom:2px solid currentColor;transform:rotate(45deg) translateY(-2px)}
nav.header-links details.dropdown>ul{position:absolute;right:0;top:100%;z-index:20;display:block;min-width:12rem;margin:0;padding:6px;list-style:none;background:var(--bg);border:1px solid var(--line);border-radius:8px;box-shadow:0 8px 24px rgb(0 0 0 / .15)}
nav.header-links details.dropdown>ul a{display:flex;padding:0 10px;border-radius:6px}
a.header-button{padding:0 14px;border-radius:8px;border:1px solid var(--accent);text-decoration:none;font-weight:600}a.header-button.primary{background:var(--accent);color:var(--bg)}
pre{background:var(--code-block-bg,var(--code));color:var(--code-block-fg,inherit)}
.corners-straight :is(pre,code,kbd,.hint,.card,li.card-item,details.expandable,nav.pagination a,button:not([role=tab]),input,select,textarea,dialog,a.button,a.header-button,.page-actions a,nav.header-links details.dropdown>ul,.openapi-operation,.openapi-schemas,figure.embed-player iframe){border-radius:0}
.corners-circular :is(button:not([role=tab]),input,select,a.button,a.header-button,.page-actions a,dialog.search-dialog input){border-radius:999px}
.corners-circular :is(pre,.hint,.card,li.card-item,details.expandable,nav.pagination a,dialog,.openapi-operation,.openapi-schemas){border-radius:16px}
.depth-flat :is(dialog.search-dialog,nav.sidebar,nav.header-links details.dropdown>ul){box-shadow:none}
:root:not(.depth-flat) :is(.card,li.card-item,nav.pagination a,a.header-button){box-shadow:0 1px 2px rgb(0 0 0 / .08)}
.links-accent main a:not(.card):not(.button),.links-accent footer a,.links-accent nav.header-links a:not(.header-button){color:var(--fg);text-decoration:underline;text-decoration-color:var(--accent);text-underline-offset:3px}
.page-meta time{font-variant-numeric:tabular-nums}
form.feedback{margin-top:32px}form.feedback fieldset{display:flex;flex-wrap:wrap;align-items:center;gap:8px;border:0;padding:0;margin:0}form.feedback legend{float:left;margin-right:8px;font-weight:600}
form.feedback button,form.feedback-comment button{min-height:44px;min-width:44px;padding:6px 14px;font:inherit;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg);cursor:pointer}
form.feedback-comment{display:flex;flex-direction:column;gap:8px;margin:16px 0}form.feedback-comment textarea{font:inherit;padding:8px;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg)}form.feedback-comment button{align-self:flex-start}
main.status{max-width:768px}main.status .suggestions{padding-left:20px}
@media (max-width:1023.98px){
.layout{grid-template-columns:minmax(0,1fr);gap:0}aside.toc{display:none}
.icon-button,.search-open{display:inline-flex}
header.top{flex-wrap:nowrap;gap:8px;padding:8px 12px}header.top .brand{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-height:44px;display:flex;align-items:center}
header.top form.search,header.top nav.sections,header.top nav.header-links,header.top label:has(select.variant){display:none}
nav.sidebar[popover]:not(:popover-open){display:none}
nav.sidebar:popover-open{position:fixed;inset:0 auto 0 0;width:min(80vw,320px);height:100dvh;max-height:none;padding:12px 16px 24px;background:var(--bg);border-right:1px solid var(--line);box-shadow:0 0 40px rgb(0 0 0 / .35)}
nav.sidebar::backdrop{background:rgb(0 0 0 / .45)}
.drawer-links{display:block;list-style:none;margin:0 0 8px;padding:0 0 8px;border-bottom:1px solid var(--line)}.drawer-links a{display:flex;align-items:center;min-height:44px;padding:0 6px}
.drawer-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:8px;font-weight:700}
.drawer-head .icon-button{display:inline-flex}
nav.pagination{flex-direction:column}button.theme{min-height:44px}
}
`;
