// The reader's only stylesheet and script, served from /_reader/ with a content hash in the URL
// (immutable caching). The script is progressive enhancement: tabs, theme, search results without
// a reload; pages read fine without it.
import { createHash } from 'node:crypto';

/** `.grow-1` … `.grow-100`: a column's share of its row (classes, since the CSP allows no inline style). */
const COLUMN_SHARES = Array.from({ length: 100 }, (_, i) => `.column.grow-${i + 1}{flex-grow:${i + 1}}`).join('');

export const CSS = `
:root{--tc-green:#1a7f37;--tc-blue:#1f5fd1;--tc-red:#c62828;--tc-orange:#a84b00;--tc-yellow:#7a5c00;--tc-purple:#7b3fb5;--tc-pink:#b3255f;--tc-violet:#5b3fc4;--tc-cyan:#0b6b80;--tc-tint:#5b6475;--bg-green:#dcf3e3;--bg-blue:#e0ebfd;--bg-red:#fde2e2;--bg-orange:#ffe9d2;--bg-yellow:#fff3c4;--bg-purple:#f0e4fb;--bg-pink:#fce4ee;--bg-violet:#e9e4fd;--bg-cyan:#dcf4f8;--bg-tint:#eef0f4;--bg:#fff;--fg:#1d2330;--muted:#5b6475;--line:#e3e6ec;--accent:#1f5fd1;--code:#f5f7fa;--card:#fafbfc;--hint-info:#e8f0fe;--hint-warning:#fff4e0;--hint-danger:#fde8e8;--hint-success:#e6f6ec}
[data-theme=dark]{--tc-green:#6fd08c;--tc-blue:#8ab4ff;--tc-red:#ff8a80;--tc-orange:#ffb26b;--tc-yellow:#f0d060;--tc-purple:#d3a6ff;--tc-pink:#ff8fc0;--tc-violet:#b9a6ff;--tc-cyan:#67d8ef;--tc-tint:#a3acbd;--bg-green:#163a24;--bg-blue:#1a2a48;--bg-red:#451c1c;--bg-orange:#432a12;--bg-yellow:#3d3410;--bg-purple:#33204a;--bg-pink:#421a2e;--bg-violet:#28224d;--bg-cyan:#123a42;--bg-tint:#232833;--bg:#12151b;--fg:#e6e9ef;--muted:#a3acbd;--line:#2a303b;--accent:#7fb0ff;--code:#1b2029;--card:#181c24;--hint-info:#1a2640;--hint-warning:#3a2c12;--hint-danger:#3d1a1a;--hint-success:#14301f}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--tc-green:#6fd08c;--tc-blue:#8ab4ff;--tc-red:#ff8a80;--tc-orange:#ffb26b;--tc-yellow:#f0d060;--tc-purple:#d3a6ff;--tc-pink:#ff8fc0;--tc-violet:#b9a6ff;--tc-cyan:#67d8ef;--tc-tint:#a3acbd;--bg-green:#163a24;--bg-blue:#1a2a48;--bg-red:#451c1c;--bg-orange:#432a12;--bg-yellow:#3d3410;--bg-purple:#33204a;--bg-pink:#421a2e;--bg-violet:#28224d;--bg-cyan:#123a42;--bg-tint:#232833;--bg:#12151b;--fg:#e6e9ef;--muted:#a3acbd;--line:#2a303b;--accent:#7fb0ff;--code:#1b2029;--card:#181c24;--hint-info:#1a2640;--hint-warning:#3a2c12;--hint-danger:#3d1a1a;--hint-success:#14301f}}
*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible,[tabindex]:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:var(--bg);padding:4px 8px;z-index:9}
header.top{display:flex;gap:16px;align-items:center;padding:10px 20px;border-bottom:1px solid var(--line);flex-wrap:wrap}
header.top .brand{font-weight:700;font-size:18px;color:var(--fg);text-decoration:none}
nav.sections ul{display:flex;gap:12px;list-style:none;margin:0;padding:0}nav.sections a[aria-current]{font-weight:700}
.search{position:relative;margin-left:auto}.search input{padding:6px 10px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);width:220px}
.search ul{position:absolute;right:0;top:36px;width:360px;max-height:60vh;overflow:auto;background:var(--bg);border:1px solid var(--line);border-radius:6px;list-style:none;margin:0;padding:6px;z-index:5}
.search li a{display:block;padding:6px;text-decoration:none}.search li small{display:block;color:var(--muted)}
button.theme,select.variant{padding:6px 10px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
.layout{display:grid;grid-template-columns:260px minmax(0,1fr) 220px;gap:32px;max-width:1320px;margin:0 auto;padding:0 20px}
nav.sidebar{padding:20px 0;position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto}nav.sidebar ul{list-style:none;margin:0;padding-left:12px}nav.sidebar>ul{padding-left:0}
nav.sidebar a{display:block;padding:3px 6px;border-radius:4px;color:var(--fg);text-decoration:none}nav.sidebar a[aria-current=page]{background:var(--code);color:var(--accent);font-weight:600}
nav.sidebar .group{display:block;margin-top:14px;font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);font-weight:700}
main{padding:20px 0 60px;min-width:0}main h1{font-size:2.1em;line-height:1.2;margin:.3em 0}.description{color:var(--muted);font-size:1.1em}
.anchor{margin-left:6px;opacity:0;text-decoration:none;color:var(--muted)}h2:hover .anchor,h3:hover .anchor,h4:hover .anchor,.anchor:focus{opacity:1}
aside.toc{padding:20px 0;position:sticky;top:0;align-self:start;font-size:14px}aside.toc ul{list-style:none;padding-left:0}aside.toc .l2{padding-left:12px}aside.toc .l3{padding-left:24px}aside.toc a{color:var(--muted);text-decoration:none}
pre{background:var(--code);padding:12px 14px;border-radius:8px;overflow:auto;font-size:14px}code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.92em}p code,li code{background:var(--code);padding:1px 4px;border-radius:4px}
figure{margin:1em 0}figure.code figcaption{font-size:13px;color:var(--muted);padding:4px 2px}figure.image img{max-width:100%;height:auto}figure.image figcaption{color:var(--muted);font-size:14px;text-align:center}
.hint{border-left:4px solid var(--accent);background:var(--hint-info);padding:10px 14px;border-radius:6px;margin:1em 0}.hint-warning{background:var(--hint-warning);border-color:#d68a00}.hint-danger{background:var(--hint-danger);border-color:#d33}.hint-success{background:var(--hint-success);border-color:#2a8a4a}
.card{display:block;border:1px solid var(--line);background:var(--card);border-radius:8px;padding:12px 14px;margin:1em 0;text-decoration:none;font-weight:600}.card span{display:block;font-weight:400;color:var(--muted);font-size:14px}
.tabs [role=tablist]{display:flex;gap:4px;border-bottom:1px solid var(--line)}.tabs [role=tab]{border:0;background:none;color:var(--muted);padding:8px 12px;cursor:pointer;border-bottom:2px solid transparent;font:inherit}.tabs [role=tab][aria-selected=true]{color:var(--accent);border-bottom-color:var(--accent)}.tabs [role=tabpanel]{padding:8px 0}
details.expandable{border:1px solid var(--line);border-radius:8px;padding:8px 14px;margin:1em 0}details summary{cursor:pointer;font-weight:600}
.table-wrap{overflow:auto}table{border-collapse:collapse;width:100%}th,td{border:1px solid var(--line);padding:6px 10px;text-align:left}
blockquote{margin:1em 0;padding-left:14px;border-left:3px solid var(--line);color:var(--muted)}ul.tasks{list-style:none;padding-left:4px}li.task{display:flex;gap:8px;align-items:baseline}li.task>p{margin:.2em 0}
nav.pagination{display:flex;justify-content:space-between;gap:16px;margin-top:48px}nav.pagination a{flex:1;border:1px solid var(--line);border-radius:8px;padding:10px 14px;text-decoration:none}nav.pagination .next{text-align:right}nav.pagination small{display:block;color:var(--muted)}
footer{border-top:1px solid var(--line);padding:16px 20px;color:var(--muted);font-size:14px;text-align:center}
.hljs-keyword,.hljs-selector-tag,.hljs-built_in{color:#8f1f8d}.hljs-string,.hljs-attr,.hljs-subst{color:#2b6a2c}.hljs-number,.hljs-literal{color:#7a5300}.hljs-comment{color:#555c66;font-style:italic}.hljs-title,.hljs-function{color:#2950b5}
[data-theme=dark] .hljs-keyword,[data-theme=dark] .hljs-built_in{color:#d3a6ff}[data-theme=dark] .hljs-string,[data-theme=dark] .hljs-attr,[data-theme=dark] .hljs-subst{color:#98c379}[data-theme=dark] .hljs-number{color:#e5c07b}[data-theme=dark] .hljs-comment{color:#9aa4b2}[data-theme=dark] .hljs-title{color:#8ab4ff}
.openapi-operation,.openapi-schemas{border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:1.2em 0}.oa-head{display:flex;gap:8px;align-items:center;flex-wrap:wrap;font-size:15px}.oa-path{background:none;word-break:break-all}
.oa-method{font-weight:700;font-size:12px;padding:2px 8px;border-radius:4px;color:#fff;background:#4a5568}.oa-method-get{background:#1a7f37}.oa-method-post{background:#1f5fd1}.oa-method-put,.oa-method-patch{background:#9a6700}.oa-method-delete{background:#c62828}
.oa-h{font-size:15px;margin:1em 0 .4em}.oa-type{color:var(--muted);font-size:13px}.oa-required{color:#c62828;font-size:12px}.oa-deprecated{color:#9a6700;font-size:12px}.oa-desc{color:var(--muted);font-size:14px}.oa-enum{font-size:13px;color:var(--muted)}
ul.oa-schema{list-style:none;padding-left:14px;border-left:1px solid var(--line);margin:.3em 0}ul.oa-schema li{margin:.3em 0}details.oa-response{border-top:1px solid var(--line);padding:6px 0}.oa-status{font-weight:700}.oa-status-2{color:#1a7f37}.oa-status-4,.oa-status-5{color:#c62828}
[data-theme=dark] .oa-status-2{color:#6fd08c}[data-theme=dark] .oa-status-4,[data-theme=dark] .oa-status-5,[data-theme=dark] .oa-required{color:#ff8a80}
/* Document blocks: stepper, columns, updates, API spec cards, dark-theme images; color marks from the palette (both themes). */
ol.stepper{list-style:none;counter-reset:step;padding-left:0;margin:1em 0}ol.stepper>li.step{counter-increment:step;position:relative;padding:0 0 8px 44px;border-left:2px solid var(--line);margin-left:14px}ol.stepper>li.step:last-child{border-left-color:transparent}ol.stepper>li.step::before{content:counter(step);position:absolute;left:-15px;top:0;width:28px;height:28px;border-radius:50%;background:var(--accent);color:var(--bg);font-weight:700;font-size:14px;display:flex;align-items:center;justify-content:center}ol.stepper>li.step>:first-child{margin-top:0}
.columns{display:flex;flex-wrap:wrap;gap:24px;margin:1em 0}.column{flex:1 1 16rem;min-width:0}.column>:first-child{margin-top:0}
ol.updates{list-style:none;padding-left:0;margin:1em 0}li.update{display:grid;grid-template-columns:10rem minmax(0,1fr);gap:16px;border-top:1px solid var(--line);padding:12px 0}li.update>time,li.update>.update-date{color:var(--muted);font-weight:600;font-size:14px}.update-body>:first-child{margin-top:0}@media (max-width:600px){li.update{grid-template-columns:1fr;gap:4px}}
.card.openapi-ref code{background:none;padding:0}.images{display:flex;gap:12px;flex-wrap:wrap;justify-content:center}.images-left{justify-content:flex-start}.images-right{justify-content:flex-end}
img.img-dark{display:none}[data-theme=dark] img.img-light{display:none}[data-theme=dark] img.img-dark{display:inline}@media (prefers-color-scheme:dark){:root:not([data-theme=light]) img.img-light{display:none}:root:not([data-theme=light]) img.img-dark{display:inline}}
kbd{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85em;border:1px solid var(--line);border-bottom-width:2px;border-radius:4px;padding:0 5px;background:var(--code)}mark{color:inherit;border-radius:3px;padding:0 2px}
.tc-green{color:var(--tc-green)}.tc-blue{color:var(--tc-blue)}.tc-red{color:var(--tc-red)}.tc-orange{color:var(--tc-orange)}.tc-yellow{color:var(--tc-yellow)}.tc-purple{color:var(--tc-purple)}.tc-pink{color:var(--tc-pink)}.tc-violet{color:var(--tc-violet)}.tc-cyan{color:var(--tc-cyan)}.tc-tint{color:var(--tc-tint)}.tc-primary{color:var(--accent)}.tc-info{color:var(--tc-blue)}.tc-success{color:var(--tc-green)}.tc-warning{color:var(--tc-orange)}.tc-danger{color:var(--tc-red)}
.bg-green{background:var(--bg-green)}.bg-blue{background:var(--bg-blue)}.bg-red{background:var(--bg-red)}.bg-orange{background:var(--bg-orange)}.bg-yellow{background:var(--bg-yellow)}.bg-purple{background:var(--bg-purple)}.bg-pink{background:var(--bg-pink)}.bg-violet{background:var(--bg-violet)}.bg-cyan{background:var(--bg-cyan)}.bg-tint{background:var(--bg-tint)}.bg-primary{background:var(--bg-blue)}.bg-info{background:var(--bg-blue)}.bg-success{background:var(--bg-green)}.bg-warning{background:var(--bg-orange)}.bg-danger{background:var(--bg-red)}
@media (max-width:1000px){.layout{grid-template-columns:1fr}aside.toc{display:none}nav.sidebar{position:static;max-height:none}}
main.status{max-width:640px;margin:10vh auto;padding:0 20px}.ta-center{text-align:center}.ta-right{text-align:right}
${COLUMN_SHARES}
`;

export const JS = `
(function(){
var root=document.documentElement;
var stored=null;try{stored=localStorage.getItem('bindery-theme')}catch(e){}
if(stored)root.setAttribute('data-theme',stored);
document.addEventListener('click',function(e){
  var t=e.target.closest&&e.target.closest('[role=tab]');
  if(t){var list=t.parentNode;var box=list.parentNode;
    list.querySelectorAll('[role=tab]').forEach(function(b){var on=b===t;b.setAttribute('aria-selected',on);b.tabIndex=on?0:-1;var p=document.getElementById(b.getAttribute('aria-controls'));if(p)p.hidden=!on;});
    return;}
  var th=e.target.closest&&e.target.closest('button.theme');
  if(th){var dark=(root.getAttribute('data-theme')||(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'))!=='dark';
    var v=dark?'dark':'light';root.setAttribute('data-theme',v);th.setAttribute('aria-pressed',dark);try{localStorage.setItem('bindery-theme',v)}catch(e){}}
});
document.addEventListener('keydown',function(e){
  var t=e.target;if(!t.getAttribute||t.getAttribute('role')!=='tab')return;
  if(e.key!=='ArrowRight'&&e.key!=='ArrowLeft')return;
  var tabs=[].slice.call(t.parentNode.querySelectorAll('[role=tab]'));var i=tabs.indexOf(t)+(e.key==='ArrowRight'?1:-1);
  var n=tabs[(i+tabs.length)%tabs.length];n.focus();n.click();
});
var sel=document.querySelector('select.variant');
if(sel)sel.addEventListener('change',function(){location.href=sel.value});
var form=document.querySelector('form.search');
if(form){var input=form.querySelector('input');var out=form.querySelector('ul');var timer;
  function run(){var q=input.value.trim();if(!q){out.hidden=true;out.innerHTML='';return}
    fetch(form.getAttribute('data-endpoint')+'?q='+encodeURIComponent(q),{headers:{accept:'application/json'}}).then(function(r){return r.json()}).then(function(body){
      out.innerHTML='';var items=body.results||[];
      if(!items.length){var li=document.createElement('li');li.textContent=body.available===false?'Search is not available yet':'No results';out.appendChild(li)}
      items.forEach(function(it){var li=document.createElement('li');var a=document.createElement('a');a.href=it.url;a.textContent=it.title;var s=document.createElement('small');s.textContent=it.snippet;a.appendChild(s);li.appendChild(a);out.appendChild(li)});
      out.hidden=false;}).catch(function(){});}
  input.addEventListener('input',function(){clearTimeout(timer);timer=setTimeout(run,150)});
  form.addEventListener('submit',function(e){e.preventDefault();run()});}
})();
`;

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 12);
export const CSS_PATH = `/_reader/site.${hash(CSS)}.css`;
export const JS_PATH = `/_reader/site.${hash(JS)}.js`;
