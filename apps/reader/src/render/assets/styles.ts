// The reader's stylesheet (served at a content-hashed path: no inline style anywhere, CSP `style-src 'self'`).
import { CHROME } from './chrome';
import { PALETTE } from './palette';

/** `.grow-1` … `.grow-100`: a column's share of its row (classes, since the CSP allows no inline style). */
const COLUMN_SHARES = Array.from({ length: 100 }, (_, i) => `.column.grow-${i + 1}{flex-grow:${i + 1}}`).join('');

export const CSS = `${PALETTE}
*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible,[tabindex]:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:var(--bg);padding:4px 8px;z-index:9}
header.top{display:flex;gap:16px;align-items:center;padding:10px 20px;border-bottom:1px solid var(--line);flex-wrap:wrap}
header.top .brand{font-weight:700;font-size:18px;color:var(--fg);text-decoration:none}
nav.sections ul{display:flex;gap:12px;list-style:none;margin:0;padding:0}nav.sections a[aria-current]{font-weight:700}
.search{position:relative;margin-left:auto}.search input{padding:6px 10px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);width:220px}
button.theme,select.variant{padding:6px 10px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
.layout{display:grid;grid-template-columns:260px minmax(0,1fr) 220px;gap:32px;max-width:1320px;margin:0 auto;padding:0 20px}
nav.sidebar ul{list-style:none;margin:0;padding-left:12px}nav.sidebar>ul{padding-left:0}
nav.sidebar a{display:block;padding:3px 6px;border-radius:4px;color:var(--fg);text-decoration:none}nav.sidebar a[aria-current=page]{background:var(--code);color:var(--accent);font-weight:600}
nav.sidebar .group{display:block;margin-top:14px;padding:4px 6px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);font-weight:700;text-decoration:none}
main{padding:20px 0 60px;min-width:0}main h1{font-size:2.1em;line-height:1.2;margin:.3em 0}.description{color:var(--muted);font-size:1.1em}
.anchor{margin-left:6px;opacity:0;text-decoration:none;color:var(--muted)}h2:hover .anchor,h3:hover .anchor,h4:hover .anchor,.anchor:focus{opacity:1}
aside.toc{padding:20px 0;position:sticky;top:0;align-self:start;font-size:14px}aside.toc ul{list-style:none;padding-left:0}aside.toc .l2{padding-left:12px}aside.toc .l3{padding-left:24px}aside.toc a{display:block;min-height:24px;padding:2px 0;color:var(--muted);text-decoration:none}
pre{background:var(--code);padding:12px 14px;border-radius:8px;overflow:auto;font-size:14px}code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.92em}p code,li code{background:var(--code);padding:1px 4px;border-radius:4px}
figure{margin:1em 0}figure.code figcaption{font-size:13px;color:var(--muted);padding:4px 2px}figure.image img{max-width:100%;height:auto}figure.image figcaption{color:var(--muted);font-size:14px;text-align:center}
.hint{border-left:4px solid var(--accent);background:var(--hint-info);padding:10px 14px;border-radius:6px;margin:1em 0}.hint-warning{background:var(--hint-warning);border-color:#d68a00}.hint-danger{background:var(--hint-danger);border-color:#d33}.hint-success{background:var(--hint-success);border-color:#2a8a4a}
a.button,button.button,span.button{display:inline-block;padding:6px 14px;border-radius:6px;text-decoration:none;font-weight:600;border:1px solid var(--accent);margin:2px 0}button.button,span.button{font:inherit;font-weight:600;background:none;color:inherit}a.button.primary,button.button.primary,span.button.primary{background:var(--accent);color:var(--bg)}button.button{cursor:pointer}
.card{display:block;border:1px solid var(--line);background:var(--card);border-radius:8px;padding:12px 14px;margin:1em 0;text-decoration:none;font-weight:600}.card span{display:block;font-weight:400;color:var(--muted);font-size:14px}
.tabs [role=tablist]{display:flex;gap:4px;border-bottom:1px solid var(--line)}.tabs [role=tab]{border:0;background:none;color:var(--muted);padding:8px 12px;cursor:pointer;border-bottom:2px solid transparent;font:inherit}.tabs [role=tab][aria-selected=true]{color:var(--accent);border-bottom-color:var(--accent)}.tabs [role=tabpanel]{padding:8px 0}
details.expandable{border:1px solid var(--line);border-radius:8px;padding:8px 14px;margin:1em 0}details summary{cursor:pointer;font-weight:600}
.table-wrap{overflow:auto}table{border-collapse:collapse;width:100%}th,td{border:1px solid var(--line);padding:6px 10px;text-align:left}
blockquote{margin:1em 0;padding-left:14px;border-left:3px solid var(--line);color:var(--muted)}ul.tasks{list-style:none;padding-left:4px}li.task{display:flex;gap:8px;align-items:baseline}li.task>p{margin:.2em 0}
nav.pagination{display:flex;justify-content:space-between;gap:16px;margin-top:48px}nav.pagination a{flex:1;border:1px solid var(--line);border-radius:8px;padding:10px 14px;text-decoration:none}nav.pagination .next{text-align:right}nav.pagination small{display:block;color:var(--muted)}
footer{border-top:1px solid var(--line);padding:16px 20px;color:var(--muted);font-size:14px;text-align:center}
.hljs-keyword,.hljs-selector-tag,.hljs-built_in{color:var(--hl-keyword)}.hljs-string,.hljs-attr,.hljs-subst{color:var(--hl-string)}.hljs-number,.hljs-literal{color:var(--hl-number)}.hljs-comment{color:var(--hl-comment);font-style:italic}.hljs-title,.hljs-function{color:var(--hl-title)}
.openapi-operation,.openapi-schemas{border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:1.2em 0}.oa-head{display:flex;gap:8px;align-items:center;flex-wrap:wrap;font-size:15px}.oa-path{background:none;word-break:break-all}
.oa-method{font-weight:700;font-size:12px;padding:2px 8px;border-radius:4px;color:#fff;background:#4a5568}.oa-method-get{background:#1a7f37}.oa-method-post{background:#1f5fd1}.oa-method-put,.oa-method-patch{background:#9a6700}.oa-method-delete{background:#c62828}
.oa-h{font-size:15px;margin:1em 0 .4em}.oa-type{color:var(--muted);font-size:13px}.oa-required{color:var(--bad);font-size:12px}.oa-deprecated{color:#9a6700;font-size:12px}.oa-desc{color:var(--muted);font-size:14px}.oa-enum{font-size:13px;color:var(--muted)}
ul.oa-schema{list-style:none;padding-left:14px;border-left:1px solid var(--line);margin:.3em 0}ul.oa-schema li{margin:.3em 0}details.oa-response{border-top:1px solid var(--line);padding:6px 0}.oa-status{font-weight:700}.oa-status-2{color:var(--ok)}.oa-status-4,.oa-status-5{color:var(--bad)}
/* Document blocks: stepper, columns, updates, API spec cards, dark-theme images; color marks from the palette (both themes). */
ol.stepper{list-style:none;counter-reset:step;padding-left:0;margin:1em 0}ol.stepper>li.step{counter-increment:step;position:relative;padding:0 0 8px 44px;border-left:2px solid var(--line);margin-left:14px}ol.stepper>li.step:last-child{border-left-color:transparent}ol.stepper>li.step::before{content:counter(step);position:absolute;left:-15px;top:0;width:28px;height:28px;border-radius:50%;background:var(--accent);color:var(--bg);font-weight:700;font-size:14px;display:flex;align-items:center;justify-content:center}ol.stepper>li.step>:first-child{margin-top:0}
.columns{display:flex;flex-wrap:wrap;gap:24px;margin:1em 0}.column{flex:1 1 16rem;min-width:0}.column>:first-child{margin-top:0}
ol.updates{list-style:none;padding-left:0;margin:1em 0}li.update{display:grid;grid-template-columns:10rem minmax(0,1fr);gap:16px;border-top:1px solid var(--line);padding:12px 0}li.update>time,li.update>.update-date{color:var(--muted);font-weight:600;font-size:14px}.update-body>:first-child{margin-top:0}@media (max-width:600px){li.update{grid-template-columns:1fr;gap:4px}}
.card.openapi-ref code{background:none;padding:0}.images{display:flex;gap:12px;flex-wrap:wrap;justify-content:center}.images-left{justify-content:flex-start}.images-right{justify-content:flex-end}.images-framed img{border:1px solid var(--line);border-radius:8px;padding:8px}
img.img-dark{display:none}[data-theme=dark] img.img-light{display:none}[data-theme=dark] img.img-dark{display:inline}@media (prefers-color-scheme:dark){:root:not([data-theme=light]) img.img-light{display:none}:root:not([data-theme=light]) img.img-dark{display:inline}}
kbd{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85em;border:1px solid var(--line);border-bottom-width:2px;border-radius:4px;padding:0 5px;background:var(--code)}mark{color:inherit;border-radius:3px;padding:0 2px}
.tc-green{color:var(--tc-green)}.tc-blue{color:var(--tc-blue)}.tc-red{color:var(--tc-red)}.tc-orange{color:var(--tc-orange)}.tc-yellow{color:var(--tc-yellow)}.tc-purple{color:var(--tc-purple)}.tc-pink{color:var(--tc-pink)}.tc-violet{color:var(--tc-violet)}.tc-cyan{color:var(--tc-cyan)}.tc-tint{color:var(--tc-tint)}.tc-primary{color:var(--accent)}.tc-info{color:var(--tc-blue)}.tc-success{color:var(--tc-green)}.tc-warning{color:var(--tc-orange)}.tc-danger{color:var(--tc-red)}
.bg-green{background:var(--bg-green)}.bg-blue{background:var(--bg-blue)}.bg-red{background:var(--bg-red)}.bg-orange{background:var(--bg-orange)}.bg-yellow{background:var(--bg-yellow)}.bg-purple{background:var(--bg-purple)}.bg-pink{background:var(--bg-pink)}.bg-violet{background:var(--bg-violet)}.bg-cyan{background:var(--bg-cyan)}.bg-tint{background:var(--bg-tint)}.bg-primary{background:var(--bg-blue)}.bg-info{background:var(--bg-blue)}.bg-success{background:var(--bg-green)}.bg-warning{background:var(--bg-orange)}.bg-danger{background:var(--bg-red)}
main.status{max-width:640px;margin:10vh auto;padding:0 20px}.ta-center{text-align:center}.ta-right{text-align:right}
${COLUMN_SHARES}
${CHROME}
`;
