import { type Document, markdownToDocument } from '@bindery/document';
import { visibleDocument } from './adaptive';
import { renderDocument } from './document-html';

const refs = {
  page: () => ({ href: '/p', title: 'P' }),
  file: (id: string) =>
    id === 'f1'
      ? { id, name: 'a.png', contentType: 'image/png', size: 2048, downloadURL: '/files/a.png', dimensions: { width: 640, height: 480 } }
      : undefined,
};
const doc = (nodes: unknown[]): Document => ({ object: 'document', data: {}, nodes }) as unknown as Document;
const text = (t: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] });

describe('renderDocument', () => {
  it('escapes text and refuses javascript: URLs', () => {
    const { html } = renderDocument(
      doc([
        {
          object: 'block',
          type: 'paragraph',
          nodes: [
            text('<script>alert(1)</script>'),
            { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'javascript:alert(1)' } }, nodes: [text('x')] },
          ],
        },
      ]),
      refs,
    );
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
  });

  it('renders a page mention as a link titled by its target, a hostile URL refused', () => {
    const mention = (ref: unknown) => ({ object: 'inline', type: 'mention', isVoid: true, data: { ref }, nodes: [text('')] });
    const { html } = renderDocument(
      doc([
        {
          object: 'block',
          type: 'paragraph',
          nodes: [text('See '), mention({ kind: 'page', page: 'p1' }), text(' and '), mention({ kind: 'url', url: 'javascript:alert(1)' })],
        },
      ]),
      refs,
    );
    expect(html).toContain('See <a class="mention" href="/p">P</a> and ');
    expect(html).not.toMatch(/href="javascript:/i);
  });

  it('renders action buttons (search with its query; select as a label) and aligned paragraphs and headings', () => {
    const button = (action: unknown, label: string) => ({
      object: 'inline',
      type: 'button',
      isVoid: true,
      data: { label, kind: 'primary', action },
    });
    const { html } = renderDocument(
      doc([
        {
          object: 'block',
          type: 'paragraph',
          data: { align: 'center' },
          nodes: [button({ action: 'ask', query: 'how "to" <x>' }, 'Ask'), button({ action: 'select', slug: 'v2' }, 'V2'), text('')],
        },
        { object: 'block', type: 'heading-1', data: { align: 'end' }, nodes: [text('Right')] },
        { object: 'block', type: 'paragraph', data: { align: 'start' }, nodes: [text('Left')] },
      ]),
      refs,
    );
    expect(html).toContain(
      '<p class="ta-center"><button type="button" class="button primary" data-action="search" data-query="how &quot;to&quot; &lt;x&gt;">Ask</button><span class="button primary">V2</span></p>',
    );
    expect(html).toMatch(/<h2 id="right" class="ta-right">Right/);
    expect(html).toContain('<p>Left</p>');
  });

  it('renders GitBook buttons as links drawn as buttons, label escaped, hostile URLs refused', () => {
    const button = (kind: string, ref: unknown, label: string) => ({
      object: 'inline',
      type: 'button',
      isVoid: true,
      data: { ref, label, kind },
    });
    const { html } = renderDocument(
      doc([
        {
          object: 'block',
          type: 'paragraph',
          nodes: [
            button('primary', { kind: 'url', url: 'https://example.com/start' }, 'Start <now>'),
            button('secondary', { kind: 'page', page: 'p1' }, 'Read'),
            button('primary', { kind: 'url', url: 'javascript:alert(1)' }, 'x'),
          ],
        },
      ]),
      refs,
    );
    expect(html).toContain('<a class="button primary" href="https://example.com/start" rel="noopener nofollow">Start &lt;now&gt;</a>');
    expect(html).toContain('<a class="button secondary" href="/p">Read</a>');
    expect(html).not.toContain('javascript:');
  });

  it('renders images with dimensions from the files, math with KaTeX, file downloads', () => {
    const { html } = renderDocument(
      doc([
        {
          object: 'block',
          type: 'image',
          isVoid: true,
          data: { ref: { kind: 'file', file: 'f1' }, alt: 'A cat' },
          fragments: [
            { object: 'fragment', fragment: 'caption', nodes: [{ object: 'block', type: 'paragraph', nodes: [text('Caption')] }] },
          ],
        },
        { object: 'block', type: 'math', isVoid: true, data: { formula: 'e^{i\\pi}+1=0' } },
        { object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'file', file: 'f1' } } },
      ]),
      refs,
    );
    expect(html).toContain('<img src="/files/a.png" alt="A cat" width="640" height="480"');
    expect(html).toContain('<figcaption><p>Caption</p></figcaption>');
    expect(html).toContain('<math');
    expect(html).toContain('download>a.png<span>2.0 KB</span>');
  });

  it('gives headings unique anchors and a table of contents', () => {
    const h = (t: string) => ({ object: 'block', type: 'heading-2', data: {}, nodes: [text(t)] });
    const { html, toc } = renderDocument(doc([h('Setup'), h('Setup')]), refs);
    expect(toc.map((e) => e.id)).toEqual(['setup', 'setup-2']);
    expect(html).toContain('<h2 id="setup-2">');
  });

  const block = (type: string, data: Record<string, unknown>, nodes: unknown[] = []) => ({ object: 'block', type, data, nodes });
  const para = (t: string) => block('paragraph', {}, [text(t)]);
  const leaf = (t: string, marks: unknown[]) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks }] });

  describe('if blocks (adaptive content)', () => {
    const page = (expression: unknown) => doc([block('if', { expression }, [para('Secret beta notes')])]);
    const beta = { claims: { unsigned: { beta: true }, plan: 'pro' } };

    it('shows the children when the expression holds for the visitor', () => {
      expect(renderDocument(page('visitor.claims.unsigned.beta === true'), refs, beta).html).toBe('<p>Secret beta notes</p>');
      expect(renderDocument(page('visitor.claims.plan == "pro" && !visitor.claims.unsigned.alpha'), refs, beta).html).toContain('Secret');
    });

    it('hides them when it does not hold, or without claims', () => {
      expect(renderDocument(page('visitor.claims.unsigned.beta === true'), refs, { claims: {} }).html).toBe('');
      expect(renderDocument(page('visitor.claims.plan === "enterprise"'), refs, beta).html).toBe('');
      expect(renderDocument(page('visitor.claims.unsigned.beta === true'), refs).html).toBe('');
    });

    it.each([['visitor.claims.('], ['constructor.constructor("return 1")()'], ['visitor.claims.x = 1'], [''], ['  '], [undefined], [42]])(
      'hides them when the expression is broken or missing (%p)',
      (expression) => {
        expect(renderDocument(page(expression), refs, beta).html).not.toContain('Secret');
        expect(visibleDocument(page(expression), beta).nodes).toEqual([]);
      },
    );

    it('resolves nested if blocks for the Markdown view, keeping the visible children only', () => {
      const nested = doc([
        block('hint', { style: 'info' }, [
          block('if', { expression: 'visitor.claims.unsigned.beta' }, [
            para('Shown'),
            block('if', { expression: 'false' }, [para('Hidden')]),
          ]),
        ]),
      ]);
      const visible = JSON.stringify(visibleDocument(nested, beta));
      expect(visible).toContain('Shown');
      expect(visible).not.toContain('Hidden');
      expect(visible).not.toContain('"if"');
    });
  });

  it('renders a stepper as an ordered list of steps and columns as a grid with their widths', () => {
    const { html } = renderDocument(
      doc([
        block('stepper', {}, [block('stepper-step', {}, [para('One')]), block('stepper-step', {}, [para('Two')])]),
        block('columns', {}, [
          block('column', { width: { value: 60, unit: '%' } }, [para('Left')]),
          block('column', { width: { value: 'x;background:url(evil)', unit: '%' } }, [para('Right')]),
        ]),
      ]),
      refs,
    );
    expect(html).toContain('<ol class="stepper"><li class="step"><p>One</p></li><li class="step"><p>Two</p></li></ol>');
    expect(html).toContain(
      '<div class="columns"><div class="column grow-60"><p>Left</p></div><div class="column"><p>Right</p></div></div>',
    );
  });

  it('renders updates as a dated list, an invalid date as escaped text', () => {
    const { html } = renderDocument(
      doc([
        block('updates', { format: 'short' }, [
          block('update', { date: '2025-03-14' }, [para('Released')]),
          block('update', { date: '<b>soon</b>' }, [para('Later')]),
        ]),
      ]),
      refs,
    );
    expect(html).toContain(
      '<li class="update"><time datetime="2025-03-14">Mar 14, 2025</time><div class="update-body"><p>Released</p></div></li>',
    );
    expect(html).toContain('<span class="update-date">&lt;b&gt;soon&lt;/b&gt;</span>');
  });

  it('renders keyboard, superscript, subscript and palette colors as classes (never styles from input)', () => {
    const { html } = renderDocument(
      doc([
        block('paragraph', {}, [
          leaf('Ctrl', [{ object: 'mark', type: 'keyboard' }]),
          leaf('2', [{ object: 'mark', type: 'superscript' }]),
          leaf('i', [{ object: 'mark', type: 'subscript' }]),
          leaf('red', [{ object: 'mark', type: 'color', data: { text: 'red', background: 'default' } }]),
          leaf('hi', [{ object: 'mark', type: 'color', data: { text: '$danger', background: 'yellow' } }]),
          leaf('x', [{ object: 'mark', type: 'color', data: { text: 'red;background:url(x)', background: '"><script>' } }]),
        ]),
      ]),
      refs,
    );
    expect(html).toBe(
      '<p><kbd>Ctrl</kbd><sup>2</sup><sub>i</sub><span class="tc-red">red</span><mark class="bg-yellow tc-danger">hi</mark>x</p>',
    );
  });

  it('renders emoji as their character, invalid codes as nothing', () => {
    const emoji = (code: unknown) => ({ object: 'inline', type: 'emoji', isVoid: true, data: { code } });
    const { html } = renderDocument(
      doc([block('paragraph', {}, [emoji('1f44d'), emoji('1f468-200d-1f4bb'), emoji('d800'), emoji('<x>'), emoji(7)])]),
      refs,
    );
    expect(html).toBe('<p>👍👨‍💻</p>');
  });

  it('uses a heading data.id as its anchor', () => {
    const { html, toc } = renderDocument(doc([block('heading-2', { id: 'custom-anchor' }, [text('Title')])]), refs);
    expect(html).toContain('<h2 id="custom-anchor">');
    expect(toc[0].id).toBe('custom-anchor');
  });

  it('renders a legacy swagger block as a card to a safe spec URL, and nothing for unsafe ones', () => {
    const swagger = (url: string) => ({
      object: 'block',
      type: 'swagger',
      isVoid: true,
      data: { ref: { kind: 'url', url }, path: '/pets', method: 'get' },
    });
    const { html } = renderDocument(doc([swagger('https://example.com/openapi.yaml'), swagger('javascript:alert(1)')]), refs);
    expect(html).toBe(
      '<a class="card openapi-ref" href="https://example.com/openapi.yaml" rel="noopener nofollow"><code>GET /pets</code><span>OpenAPI specification: https://example.com/openapi.yaml</span></a>',
    );
  });

  it('renders a hand-written legacy {% swagger %} as its operation, parameters and responses (its spec travels in the block)', () => {
    const document = markdownToDocument(
      '{% swagger method="get" path="/cakes/:id" baseUrl="https://api.cakes.com" summary="Get Cakes" %}\n' +
        '{% swagger-description %}\nGets a free cake.\n{% endswagger-description %}\n\n' +
        '{% swagger-parameter in="path" name="id" type="string" required="true" %}\nID of the cake.\n{% endswagger-parameter %}\n\n' +
        '{% swagger-response status="404: Not Found" description="No such cake." %}\n```javascript\n{ "message": "none" }\n```\n{% endswagger-response %}\n' +
        '{% endswagger %}\n',
    );
    const { html } = renderDocument(document, refs);
    expect(html).toContain('class="openapi-operation"');
    expect(html).toContain('https://api.cakes.com/cakes/:id');
    for (const text of ['Gets a free cake.', 'ID of the cake.', '404', 'No such cake.']) expect(html).toContain(text);
  });

  it('renders a reusable content block with the shared body, and stops a reusable content that includes itself', () => {
    const include = (id: string) => ({
      object: 'block',
      type: 'reusable-content',
      isVoid: true,
      data: { ref: { kind: 'reusable-content', reusableContent: id } },
    });
    const para = (t: string) => ({ object: 'block', type: 'paragraph', nodes: [text(t)] });
    const shared: Record<string, Document> = { snippet: doc([para('Shared <words>')]), loop: doc([para('again'), include('loop')]) };
    const withShared = { ...refs, reusableContent: (id: string) => shared[id] };
    expect(renderDocument(doc([include('snippet')]), withShared).html).toBe(
      '<div class="reusable-content"><p>Shared &lt;words&gt;</p></div>',
    );
    expect(renderDocument(doc([include('loop')]), withShared).html.match(/again/g)).toHaveLength(3);
  });

  it('renders nothing visible for an unknown reusable content, a file card with its caption', () => {
    const { html } = renderDocument(
      doc([
        { object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: 'x.md' } } },
        { object: 'block', type: 'file', isVoid: true, data: { ref: { kind: 'file', file: 'f1' }, caption: 'The cat' } },
      ]),
      refs,
    );
    expect(html).toBe('<a class="card file" href="/files/a.png" download>The cat<span>2.0 KB</span></a>');
  });

  it('renders image width, a dark-theme variant and the alignment of images', () => {
    const { html } = renderDocument(
      doc([
        block('images', { align: 'left" onload="x' }, [
          {
            object: 'block',
            type: 'image',
            isVoid: true,
            data: {
              ref: { kind: 'url', url: 'https://x.test/l.png' },
              refDark: { kind: 'url', url: 'https://x.test/d.png' },
              width: 320,
              alt: 'Chart',
            },
            fragments: [],
          },
        ]),
        block('images', { align: 'right' }, []),
        block('images', { withFrame: true }, []),
      ]),
      refs,
    );
    expect(html).toContain('<div class="images images-center">');
    expect(html).toContain('<div class="images images-right">');
    expect(html).toContain('<div class="images images-center images-framed">');
    expect(html).toContain('<img src="https://x.test/l.png" alt="Chart" width="320" class="img-light"');
    expect(html).toContain('<img src="https://x.test/d.png" alt="Chart" width="320" class="img-dark"');
  });

  it('plays YouTube, Vimeo and CodePen embeds in sandboxed iframes rebuilt from their ids; other embeds stay cards', () => {
    const embed = (url: string) => ({ object: 'block', type: 'embed', isVoid: true, data: { url } });
    const { html } = renderDocument(
      doc([
        embed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1'),
        embed('https://vimeo.com/76979871'),
        embed('https://codepen.io/someone/pen/abcDEF'),
        embed('https://youtu.be/not-an-id"onload=x'),
        embed('https://example.com/video'),
      ]),
      refs,
    );
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(html).toContain('<iframe src="https://player.vimeo.com/video/76979871"');
    expect(html).toContain('<iframe src="https://codepen.io/someone/embed/abcDEF?default-tab=result"');
    expect(html.match(/<iframe /g)).toHaveLength(3);
    expect(html.match(/sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"/g)).toHaveLength(3);
    expect(html).not.toMatch(/"onload/);
    expect(html).toContain('<a class="card embed" href="https://example.com/video"');
  });

  it('writes lists inside table cells as lists, and a card-view table as cards', () => {
    const fragment = (id: string, nodes: unknown[]) => ({ object: 'fragment', fragment: id, nodes });
    const list = {
      object: 'block',
      type: 'list-unordered',
      nodes: [{ object: 'block', type: 'list-item', nodes: [{ object: 'block', type: 'paragraph', nodes: [text('one')] }] }],
    };
    const table = (view: string) => ({
      object: 'block',
      type: 'table',
      isVoid: true,
      data: {
        view: { type: view, columns: ['a', 'b'] },
        definition: { a: { title: 'Name' }, b: { title: 'Items' } },
        records: { r1: { orderIndex: 'a0', values: { a: 'fa', b: 'fb' } } },
      },
      fragments: [fragment('fa', [{ object: 'block', type: 'paragraph', nodes: [text('Row')] }]), fragment('fb', [list])],
    });
    const grid = renderDocument(doc([table('grid')]), refs).html;
    expect(grid).toContain('<td><ul><li>');
    expect(grid).not.toContain('&lt;ul&gt;');
    const cards = renderDocument(doc([table('cards')]), refs).html;
    expect(cards).toContain('<ul class="card-grid"><li class="card-item"><strong>Row</strong>');
    expect(cards).not.toContain('<table>');
  });
});
