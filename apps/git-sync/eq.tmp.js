const { readPageMarkdown } = require('@bindery/document');
const fs = require('fs'), path = require('path');
const oldPS = require('./dist/format/old-ps.tmp.js'), newPS = require('./dist/format/page-source.js');
const oldInc = require('./dist/format/old-inc.tmp.js'), newInc = require('./dist/format/includes.js');
const root = '/work/shared/data/gitbook-dev/beefree-sdk-docs';
const files = [];
const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (p.endsWith('.md')) files.push([path.relative(root, p), fs.readFileSync(p, 'utf8')]); } };
walk(root);
const paths = { page: (id) => 'p/' + id, file: (id) => id === 'x' ? undefined : 'f/' + id };
const ids = new Map([['.gitbook/includes/a.md', 'ID1']]);
const rp = (dir, href) => path.posix.normalize(path.posix.join(dir, href));
let n = 0, bad = 0, t0 = 0, t1 = 0;
for (const [p, text] of files) {
  const { document } = readPageMarkdown(text, { titleFromHeading: true });
  const page = { title: 'T', document };
  let a = performance.now(); const h0 = oldPS.pageSourceHash(page, p, paths); t0 += performance.now() - a;
  a = performance.now(); const h1 = newPS.pageSourceHash(page, p, paths); t1 += performance.now() - a;
  const r0 = [], r1 = [];
  const d0 = JSON.stringify(oldInc.resolveIncludes(JSON.parse(JSON.stringify(document)), p, ids, rp, r0));
  const d1 = JSON.stringify(newInc.resolveIncludes(JSON.parse(JSON.stringify(document)), p, ids, rp, r1));
  n++; if (h0 !== h1 || d0 !== d1 || JSON.stringify(r0) !== JSON.stringify(r1)) { bad++; console.log('DIFF', p, h0 === h1, d0 === d1); }
}
const inc = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: '.gitbook/includes/a.md' } } }, { object: 'block', type: 'reusable-content', data: { ref: { kind: 'reusable-content', reusableContent: 'nope.md' } } }] };
const r0 = [], r1 = [];
console.log(JSON.stringify(oldInc.resolveIncludes(structuredClone(inc), 'README.md', ids, rp, r0)) === JSON.stringify(newInc.resolveIncludes(structuredClone(inc), 'README.md', ids, rp, r1)), r0, r1);
console.log({ n, bad, oldMs: t0.toFixed(0), newMs: t1.toFixed(0) });
