// The reader's deferred script: progressive enhancement only (pages read, navigate and search
// without it). Tabs, the theme switch, the variant menu, the drawer's state and focus, the
// sidebar's current item brought into view, the search dialog (Ctrl/Cmd+K, arrows, marks) and
// copy buttons on code. Written as a string (ES2017, no template literals inside).
export const JS = `
(function(){
var root=document.documentElement;
function $(s,el){return (el||document).querySelector(s)}
function $$(s,el){return [].slice.call((el||document).querySelectorAll(s))}

/* Tabs and theme */
document.addEventListener('click',function(e){
  var t=e.target.closest&&e.target.closest('[role=tab]');
  if(t){var list=t.parentNode;
    list.querySelectorAll('[role=tab]').forEach(function(b){var on=b===t;b.setAttribute('aria-selected',on);b.tabIndex=on?0:-1;var p=document.getElementById(b.getAttribute('aria-controls'));if(p)p.hidden=!on;});
    return;}
  var th=e.target.closest&&e.target.closest('button.theme');
  if(th){var dark=(root.getAttribute('data-theme')||(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'))!=='dark';
    var v=dark?'dark':'light';root.setAttribute('data-theme',v);th.setAttribute('aria-pressed',dark);try{localStorage.setItem('bindery-theme',v)}catch(err){}}
});
document.addEventListener('keydown',function(e){
  var t=e.target;if(!t.getAttribute||t.getAttribute('role')!=='tab')return;
  if(e.key!=='ArrowRight'&&e.key!=='ArrowLeft')return;
  var tabs=[].slice.call(t.parentNode.querySelectorAll('[role=tab]'));var i=tabs.indexOf(t)+(e.key==='ArrowRight'?1:-1);
  var n=tabs[(i+tabs.length)%tabs.length];n.focus();n.click();
});
var themeButton=$('button.theme');
if(themeButton)themeButton.setAttribute('aria-pressed',root.getAttribute('data-theme')==='dark');
var sel=$('select.variant');
if(sel)sel.addEventListener('change',function(){location.href=sel.value});

/* Sidebar: the current page in view (inside the sidebar only, the window stays at the top); the drawer */
var sidebar=$('#sidebar');
function centreCurrent(){var here=sidebar&&$('a[aria-current=page]',sidebar);if(!here)return;
  var top=here.getBoundingClientRect().top-sidebar.getBoundingClientRect().top+sidebar.scrollTop;
  sidebar.scrollTop=Math.max(0,top-sidebar.clientHeight/2);}
if(sidebar){centreCurrent();
  var toggle=$('.menu-toggle');
  sidebar.addEventListener('toggle',function(e){var open=e.newState==='open';
    if(toggle)toggle.setAttribute('aria-expanded',open);
    if(open){centreCurrent();var target=$('a[aria-current=page]',sidebar)||$('.drawer-close',sidebar);if(target)target.focus();}
    else if(toggle&&sidebar.contains(document.activeElement))toggle.focus();});
  sidebar.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a');
    if(a&&sidebar.matches(':popover-open'))sidebar.hidePopover();});}

/* Search dialog */
var dialog=$('dialog.search-dialog');
if(dialog){
  var input=$('input',dialog),list=$('.search-results',dialog),status=$('.search-status',dialog);
  var endpoint=dialog.getAttribute('data-endpoint');var timer=null,active=-1,seq=0;
  function open(text){if(!dialog.open)dialog.showModal();input.focus();
    if(typeof text==='string'&&text){input.value=text;input.setSelectionRange(text.length,text.length);run()}else input.select();}
  function options(){return $$('[role=option]',list)}
  function setActive(i){var opts=options();if(!opts.length){active=-1;input.removeAttribute('aria-activedescendant');return}
    active=(i+opts.length)%opts.length;
    opts.forEach(function(o,k){o.setAttribute('aria-selected',k===active)});
    input.setAttribute('aria-activedescendant',opts[active].id);opts[active].scrollIntoView({block:'nearest'});}
  function terms(q){return q.toLowerCase().split(/\\s+/).filter(function(w){return w.length>1}).sort(function(a,b){return b.length-a.length})}
  function marked(text,words){var frag=document.createDocumentFragment();var lower=text.toLowerCase();var at=0;
    if(lower.length!==text.length)words=[];
    while(at<text.length){var hit=-1,len=0;
      words.forEach(function(w){var f=lower.indexOf(w,at);if(f>=0&&(hit<0||f<hit)){hit=f;len=w.length}});
      if(hit<0)break;
      frag.appendChild(document.createTextNode(text.slice(at,hit)));var m=document.createElement('mark');m.textContent=text.slice(hit,hit+len);frag.appendChild(m);at=hit+len;}
    frag.appendChild(document.createTextNode(text.slice(at)));return frag;}
  function span(cls,child){var s=document.createElement('span');s.className=cls;if(typeof child==='string')s.textContent=child;else s.appendChild(child);return s}
  function show(body,q){list.innerHTML='';var items=body.results||[];var words=terms(q);
    items.forEach(function(it,k){var li=document.createElement('li');li.setAttribute('role','none');
      var a=document.createElement('a');a.href=it.url;a.tabIndex=-1;a.setAttribute('role','option');a.id='search-hit-'+k;a.setAttribute('aria-selected','false');
      if(it.path&&it.path.length)a.appendChild(span('hit-path',it.path.join(' \\u203a ')));
      a.appendChild(span('hit-title',marked(it.title,words)));
      if(it.snippet)a.appendChild(span('hit-snippet',marked(it.snippet,words)));
      li.appendChild(a);list.appendChild(li);});
    list.hidden=!items.length;input.setAttribute('aria-expanded',items.length>0);
    status.textContent=body.available===false?'Search is not available yet':items.length?items.length+(items.length===1?' result':' results'):'No results';
    setActive(items.length?0:-1);}
  function run(){var q=input.value.trim();var mine=++seq;
    if(!q){list.innerHTML='';list.hidden=true;status.textContent='';input.setAttribute('aria-expanded','false');setActive(-1);return}
    fetch(endpoint+'?q='+encodeURIComponent(q),{headers:{accept:'application/json'}}).then(function(r){return r.json()}).then(function(body){if(mine===seq)show(body,q)}).catch(function(){});}
  input.addEventListener('input',function(){clearTimeout(timer);timer=setTimeout(run,120)});
  input.addEventListener('keydown',function(e){
    /* Escape closes at once (a search field would first only clear its text). */
    if(e.key==='Escape'){e.preventDefault();dialog.close()}
    else if(e.key==='ArrowDown'){e.preventDefault();setActive(active+1)}
    else if(e.key==='ArrowUp'){e.preventDefault();setActive(active-1)}
    else if(e.key==='Enter'&&!e.isComposing&&active>=0){var a=options()[active];if(a){e.preventDefault();dialog.close();location.href=a.href}}});
  $('form',dialog).addEventListener('submit',function(e){if(active>=0)e.preventDefault()});
  $('.search-close',dialog).addEventListener('click',function(){dialog.close()});
  dialog.addEventListener('click',function(e){if(e.target===dialog){var r=dialog.getBoundingClientRect();
    if(e.clientX<r.left||e.clientX>r.right||e.clientY<r.top||e.clientY>r.bottom)dialog.close();}});
  list.addEventListener('click',function(){dialog.close()});
  document.addEventListener('keydown',function(e){if((e.ctrlKey||e.metaKey)&&!e.altKey&&(e.key||'').toLowerCase()==='k'){e.preventDefault();open()}});
  var box=$('form.search input');
  /* The header's box opens the dialog on a click or on the first key typed; focus alone does not (closing gives focus back to it). */
  if(box){box.addEventListener('click',function(){open(box.value)});
    box.addEventListener('keydown',function(e){if(e.ctrlKey||e.metaKey||e.altKey)return;
      if(e.key.length===1){e.preventDefault();open(box.value+e.key)}else if(e.key==='Enter'||e.key==='ArrowDown'){e.preventDefault();open(box.value)}});}
  var opener=$('a.search-open');
  if(opener)opener.addEventListener('click',function(e){e.preventDefault();open()});
  /* A page's search buttons open the dialog with their query */
  $$('button.button[data-action=search]').forEach(function(b){b.addEventListener('click',function(){open(b.getAttribute('data-query')||'')})});}

/* The announcement's dismiss button (hidden without script, which it needs); remembered per message */
var dismiss=$('.announcement-dismiss');
if(dismiss){dismiss.hidden=false;dismiss.addEventListener('click',function(){var key=dismiss.getAttribute('data-key');
  root.setAttribute('data-dismissed',key);try{localStorage.setItem('bindery-announcement',key)}catch(err){}
  var skip=$('a.skip');if(skip)skip.focus();});}

/* Copy buttons on code blocks */
$$('figure.code').forEach(function(fig){var pre=$('pre',fig);if(!pre)return;
  var b=document.createElement('button');b.type='button';b.className='copy';b.textContent='Copy';b.setAttribute('aria-live','polite');
  b.addEventListener('click',function(){var text=$('code',pre).textContent;
    function done(){b.textContent='Copied';setTimeout(function(){b.textContent='Copy'},1500)}
    function fallback(){var t=document.createElement('textarea');t.value=text;t.setAttribute('readonly','');t.className='sr-only';document.body.appendChild(t);t.select();try{document.execCommand('copy');done()}catch(err){}t.remove()}
    if(navigator.clipboard&&window.isSecureContext)navigator.clipboard.writeText(text).then(done,fallback);else fallback();});
  fig.appendChild(b);});
})();
`;
