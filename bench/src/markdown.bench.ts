import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownInputError, markdownToDocument } from '@bindery/document';

/** Inputs that used to cost super-linear time, each about 100 KB (the size of the original report). */
const ADVERSARIAL: Record<string, string> = {
  'emphasis then brackets (the reported attack)': '*a'.repeat(25_000) + '['.repeat(50_000),
  'unclosed links': '[a]('.repeat(25_000),
  'backtick runs': '`a``'.repeat(25_000),
  'local link targets': '](a'.repeat(33_000),
  'unclosed Liquid blocks': '{% hint style="info" %}\n'.repeat(4_000),
  'nested tabs': '{% tabs %}\n{% tab title="t" %}\n'.repeat(1_000),
  '32 nested quotes, repeated': ('>'.repeat(32) + ' a\n').repeat(2_500),
  '5,000 nested quotes (refused by the limit)': '>'.repeat(5_000) + ' a',
  // Quadratic in micromark, the parser before markdown-it (a ~98 KB input took 47–54 s).
  'emphasis runs': '*a'.repeat(50_000),
  'strong emphasis runs': '**a'.repeat(33_000),
  'strikethrough runs': '~a'.repeat(50_000),
  'footnote references': '[^a]: b\n\n' + 'x[^a]'.repeat(20_000),
  'footnote label starts': '[^'.repeat(50_000),
};

/**
 * `pnpm bench markdown`: Markdown → Document throughput of the document library on one thread,
 * ordinary pages (the library's corpus) against adversarial ones. Content runs this on its worker
 * pool under MARKDOWN_TIMEOUT_MS (3 s), so an input must stay well under that here.
 */
export async function markdownBench(): Promise<string[]> {
  const corpusDir = join(__dirname, '..', '..', 'libs', 'document', 'src', 'corpus');
  const ordinary = readdirSync(corpusDir).map((file) => readFileSync(join(corpusDir, file), 'utf8'));
  const lines = ['| input | size | time per conversion | throughput |', '|---|---|---|---|'];
  const corpus = ordinary.join('\n\n');
  lines.push(row('ordinary pages (the corpus, concatenated)', corpus, measure(corpus)));
  for (const [name, markdown] of Object.entries(ADVERSARIAL)) lines.push(row(name, markdown, measure(markdown)));
  return Promise.resolve(lines);
}

interface Measured {
  ms: number;
  refused: boolean;
}

/**
 * Median of a few runs (after one warm-up; small inputs run more often, so that the JIT has
 * compiled the parser before they are timed); an input the limits refuse is timed up to its refusal.
 */
function measure(markdown: string): Measured {
  const times: number[] = [];
  let refused = false;
  const runs = markdown.length < 20_000 ? 40 : 4;
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    refused = markdownInputError(markdown) !== undefined;
    if (!refused) markdownToDocument(markdown);
    if (i > 0) times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1], refused };
}

function row(name: string, markdown: string, { ms, refused }: Measured): string {
  const kb = Buffer.byteLength(markdown) / 1024;
  const throughput = refused ? 'refused before parsing' : `${(kb / 1024 / (ms / 1000)).toFixed(2)} MB/s`;
  return `| ${name} | ${kb.toFixed(0)} KB | ${ms.toFixed(1)} ms | ${throughput} |`;
}
