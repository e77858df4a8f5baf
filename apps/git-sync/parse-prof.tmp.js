const { readPageMarkdown } = require('@bindery/document');
const fs = require('fs'), path = require('path');
const root = '/work/shared/data/gitbook-dev/beefree-sdk-docs';
const files = [];
const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (p.endsWith('.md')) files.push(fs.readFileSync(p, 'utf8')); } };
walk(root);
const bytes = files.reduce((s, f) => s + Buffer.byteLength(f), 0);
for (let round = 0; round < 3; round++) {
  const t = performance.now(); let json = 0;
  for (const f of files) { const r = readPageMarkdown(f, { titleFromHeading: true }); if (round === 0) json += JSON.stringify(r.document).length; }
  const ms = performance.now() - t;
  console.log(`round ${round}: ${files.length} pages ${(bytes/1e6).toFixed(2)} MB in ${ms.toFixed(0)} ms = ${(bytes/1e6/(ms/1000)).toFixed(2)} MB/s${json ? `; JSON ${(json/1e6).toFixed(1)} MB` : ''}`);
}
