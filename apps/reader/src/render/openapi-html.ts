// API reference blocks rendered from a bundled OpenAPI document (3.x; Swagger 2 read where the
// shapes agree): an operation with its parameters, request body and responses (schemas as nested
// lists, an example each), a webhook the same way, and named component schemas. The document
// comes from outside, so every value is read defensively and escaped, and a block's work is a
// bounded tree: a `$ref` already open on the current path, or past the depth, is shown by name and
// not expanded; every schema entry, type label and example value spends one unit of the block's
// budget, and a block whose budget or HTML size trips says so instead of growing. A 2 KB spec of
// schemas that each reference the next twice would otherwise expand exponentially.
import hljs from 'highlight.js';
import type { OpenApiDoc } from '../openapi/spec-source';
import { esc } from './escape';

type Json = Record<string, unknown>;

const MAX_DEPTH = 6;
/** Type labels nest less deep (`array of array of …`). */
const MAX_LABEL_DEPTH = 4;
const MAX_PROPERTIES = 100;
const MAX_VARIANTS = 10;
const MAX_EXAMPLE_CHARS = 20_000;
/** Work units of one block: a large real operation spends a few hundred. */
export const BLOCK_BUDGET_UNITS = 4_000;
/** HTML of one block beyond which it becomes a short placeholder. */
export const MAX_BLOCK_HTML_CHARS = 400_000;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const refOf = (value: unknown): string => (isObj(value) && typeof value.$ref === 'string' ? value.$ref : '');

/** Follows local `$ref`s (`#/components/...`) a bounded number of times. */
function deref(doc: OpenApiDoc, value: unknown): Json | undefined {
  let current = value;
  for (let hops = 0; hops < 10 && isObj(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObj(target) && Object.hasOwn(target, key) ? target[key] : undefined;
    }
    current = target;
  }
  return isObj(current) ? current : undefined;
}

/** The name of a `$ref`'d schema (`Pet` for `#/components/schemas/Pet`), for type labels. */
const refName = (value: unknown): string => refOf(value).split('/').pop() ?? '';

/** What one block may still spend; once tripped, everything left is shown by name only. */
class Budget {
  tripped = false;
  constructor(private left: number) {}

  spend(units = 1): boolean {
    if (this.left < units) {
      this.left = 0;
      this.tripped = true;
      return false;
    }
    this.left -= units;
    return true;
  }
}

/** Characters of spec text (descriptions, examples, enum values) that cost one unit. */
const CHARS_PER_UNIT = 128;

/** Schemas of one block, rendered against its budget. */
class SchemaWriter {
  /** JSON sizes of spec values already measured (one value may be reached through many `$ref`s). */
  private readonly sizes = new WeakMap<object, number>();

  constructor(
    readonly doc: OpenApiDoc,
    readonly budget: Budget,
  ) {}

  /** Spends for a piece of spec text or a spec value by its size; false when the budget cannot pay. */
  spendFor(value: unknown): boolean {
    return this.budget.spend(1 + Math.floor(this.sizeOf(value) / CHARS_PER_UNIT));
  }

  private sizeOf(value: unknown): number {
    if (typeof value === 'string') return value.length;
    if (value === null || typeof value !== 'object') return 16;
    let size = this.sizes.get(value);
    if (size === undefined) {
      try {
        size = JSON.stringify(value)?.length ?? 0;
      } catch {
        size = Number.MAX_SAFE_INTEGER;
      }
      this.sizes.set(value, size);
    }
    return size;
  }

  deref(value: unknown): Json | undefined {
    return deref(this.doc, value);
  }

  typeLabel(raw: unknown, depth = 0): string {
    if (depth > MAX_LABEL_DEPTH || !this.budget.spend()) return '…';
    const schema = this.deref(raw);
    const named = refName(raw);
    if (!schema) return named || 'any';
    if (schema.type === 'array') return `array of ${this.typeLabel(schema.items, depth + 1)}`;
    const type = Array.isArray(schema.type) ? schema.type.slice(0, MAX_VARIANTS).map(str).join(' | ') : str(schema.type);
    // A name or a type says enough: variants are only read (lazily) for a schema that has neither.
    let base = named || type;
    if (!base) {
      const variants = ['oneOf', 'anyOf'].map((k) => schema[k]).find((v): v is unknown[] => Array.isArray(v));
      base = variants
        ? variants
            .slice(0, MAX_VARIANTS)
            .map((s) => this.typeLabel(s, depth + 1))
            .join(' | ')
        : schema.properties
          ? 'object'
          : 'any';
    }
    return schema.format ? `${base} (${str(schema.format)})` : base;
  }

  /** Properties of a schema with `allOf` merged (one level of composition is what specs use). */
  propertiesOf(schema: Json): { properties: Json; required: Set<string> } {
    const properties: Json = {};
    const required = new Set<string>();
    const parts = [
      schema,
      ...(Array.isArray(schema.allOf)
        ? schema.allOf
            .slice(0, MAX_VARIANTS)
            .map((s) => this.deref(s))
            .filter(isObj)
        : []),
    ];
    for (const part of parts) {
      if (isObj(part.properties)) Object.assign(properties, part.properties);
      if (Array.isArray(part.required)) for (const name of part.required) if (typeof name === 'string') required.add(name);
    }
    return { properties, required };
  }

  /**
   * A schema as nested lists of its properties (objects, array items, allOf). A `$ref` already
   * open on the path (a cycle), past the depth or past the budget is not expanded: its entry above
   * names it.
   */
  tree(raw: unknown, depth = 0, path: ReadonlySet<string> = new Set()): string {
    const ref = refOf(raw);
    if (depth >= MAX_DEPTH || (ref && path.has(ref))) return '';
    const schema = this.deref(raw);
    if (!schema) return '';
    const inner = ref ? new Set([...path, ref]) : path;
    if (schema.type === 'array') return this.tree(schema.items, depth + 1, inner);
    const { properties, required } = this.propertiesOf(schema);
    const items: string[] = [];
    for (const [name, prop] of Object.entries(properties).slice(0, MAX_PROPERTIES)) {
      const p = this.deref(prop) ?? {};
      const description = str(p.description);
      const enumList = Array.isArray(p.enum) ? p.enum.slice(0, 20) : undefined;
      if (!this.spendFor(description) || (enumList && !this.spendFor(enumList))) break;
      const enumValues = enumList
        ? ` <span class="oa-enum">one of ${enumList.map((v) => `<code>${esc(JSON.stringify(v) ?? '')}</code>`).join(', ')}</span>`
        : '';
      items.push(
        `<li><code class="oa-name">${esc(name)}</code> <span class="oa-type">${esc(this.typeLabel(prop))}</span>` +
          (required.has(name) ? ' <span class="oa-required">required</span>' : '') +
          enumValues +
          (description ? `<div class="oa-desc">${esc(description)}</div>` : '') +
          this.tree(prop, depth + 1, inner) +
          '</li>',
      );
    }
    return items.length === 0 ? '' : `<ul class="oa-schema">${items.join('')}</ul>`;
  }

  /** An example for a schema: its own `example`, else one built from types (a cycle or the budget ends a branch with null). */
  example(raw: unknown, depth = 0, path: ReadonlySet<string> = new Set()): unknown {
    const ref = refOf(raw);
    if (depth > MAX_DEPTH || (ref && path.has(ref)) || !this.budget.spend()) return null;
    const schema = this.deref(raw);
    if (!schema) return null;
    const inner = ref ? new Set([...path, ref]) : path;
    // The spec's own values are paid for by size: one large example reached a thousand times is not free.
    const given = (value: unknown): unknown => (this.spendFor(value) ? value : null);
    if (schema.example !== undefined) return given(schema.example);
    if (Array.isArray(schema.examples) && schema.examples.length > 0) return given(schema.examples[0]);
    if (schema.default !== undefined) return given(schema.default);
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return given(schema.enum[0]);
    const first = ['oneOf', 'anyOf'].map((k) => schema[k]).find((v): v is unknown[] => Array.isArray(v) && v.length > 0);
    if (first) return this.example(first[0], depth + 1, inner);
    const type: unknown = Array.isArray(schema.type) ? (schema.type as unknown[])[0] : schema.type;
    if (type === 'array') return [this.example(schema.items, depth + 1, inner)];
    const { properties } = this.propertiesOf(schema);
    if (type === 'object' || Object.keys(properties).length > 0) {
      const out: Json = {};
      for (const [name, prop] of Object.entries(properties).slice(0, MAX_PROPERTIES)) out[name] = this.example(prop, depth + 1, inner);
      return out;
    }
    if (type === 'integer' || type === 'number') return 0;
    if (type === 'boolean') return true;
    if (type === 'string')
      return schema.format === 'date-time'
        ? '2026-01-01T00:00:00Z'
        : schema.format === 'uuid'
          ? '00000000-0000-0000-0000-000000000000'
          : 'string';
    return null;
  }
}

/** A block's schema writer with a fresh budget. */
const writerFor = (doc: OpenApiDoc, units = BLOCK_BUDGET_UNITS): SchemaWriter => new SchemaWriter(doc, new Budget(units));

/** A schema as nested lists (one block's budget). */
export function schemaTree(doc: OpenApiDoc, raw: unknown): string {
  return writerFor(doc).tree(raw);
}

/** An example for a schema (one block's budget). */
export function exampleOf(doc: OpenApiDoc, raw: unknown): unknown {
  return writerFor(doc).example(raw);
}

function jsonBlock(value: unknown, label: string): string {
  let text = JSON.stringify(value, null, 2) ?? 'null';
  if (text.length > MAX_EXAMPLE_CHARS) text = `${text.slice(0, MAX_EXAMPLE_CHARS)}\n…`;
  const body = hljs.highlight(text, { language: 'json', ignoreIllegals: true }).value;
  return `<figure class="code oa-example"><figcaption>${esc(label)}</figcaption><pre tabindex="0"><code class="hljs">${body}</code></pre></figure>`;
}

/** The media type shown (JSON first) and its schema and example. */
function media(w: SchemaWriter, content: unknown): { type: string; schema?: unknown; example?: unknown } | undefined {
  if (!isObj(content)) return undefined;
  const types = Object.keys(content);
  const type = types.find((t) => /json/i.test(t)) ?? types[0];
  const entry = type ? w.deref(content[type]) : undefined;
  if (!type || !entry) return undefined;
  const examples = isObj(entry.examples)
    ? Object.values(entry.examples)
        .slice(0, MAX_VARIANTS)
        .map((e) => w.deref(e)?.value)
    : [];
  const example = entry.example ?? examples.find((e) => e !== undefined) ?? (entry.schema ? w.example(entry.schema) : undefined);
  return { type, schema: entry.schema, example };
}

function parametersTable(w: SchemaWriter, raw: unknown[]): string {
  const params = raw
    .slice(0, MAX_PROPERTIES)
    .map((p) => w.deref(p))
    .filter(isObj)
    .slice(0, MAX_PROPERTIES);
  if (params.length === 0) return '';
  const rows = params.map((p) => {
    const schema = p.schema ?? (p.type ? { type: p.type, format: p.format } : undefined);
    const description = w.spendFor(str(p.description)) ? str(p.description) : '';
    return (
      `<tr><td><code>${esc(str(p.name))}</code>${p.required === true ? ' <span class="oa-required">required</span>' : ''}</td>` +
      `<td>${esc(str(p.in))}</td><td>${esc(w.typeLabel(schema))}</td><td>${esc(description)}</td></tr>`
    );
  });
  return `<p class="oa-h"><strong>Parameters</strong></p><div class="table-wrap" tabindex="0" role="region" aria-label="Parameters"><table class="oa-params"><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function operationBody(w: SchemaWriter, operation: Json, pathItem: Json): string {
  const parts: string[] = [];
  const summary = str(operation.summary);
  const description = str(operation.description);
  if (summary) parts.push(`<p class="oa-summary"><strong>${esc(summary)}</strong></p>`);
  if (description) parts.push(`<p class="oa-description">${esc(description)}</p>`);
  const listed = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);
  const params = [...listed(pathItem.parameters), ...listed(operation.parameters)];
  // Swagger 2 puts the body among the parameters.
  const bodyParam = params.map((p) => w.deref(p)).find((p) => p?.in === 'body');
  parts.push(
    parametersTable(
      w,
      params.filter((p) => w.deref(p)?.in !== 'body'),
    ),
  );
  const requestBody = w.deref(operation.requestBody);
  const request = requestBody
    ? media(w, requestBody.content)
    : bodyParam
      ? { type: 'application/json', schema: bodyParam.schema, example: w.example(bodyParam.schema) }
      : undefined;
  if (request) {
    parts.push(`<p class="oa-h"><strong>Request body <span class="oa-type">${esc(request.type)}</span></strong></p>`);
    if (request.schema) parts.push(w.tree(request.schema));
    if (request.example !== undefined) parts.push(jsonBlock(request.example, 'Example request'));
  }
  const responses = isObj(operation.responses) ? Object.entries(operation.responses).slice(0, 20) : [];
  if (responses.length > 0) {
    parts.push('<p class="oa-h"><strong>Responses</strong></p>');
    for (const [code, rawResponse] of responses) {
      const response = w.deref(rawResponse) ?? {};
      const description = w.spendFor(str(response.description)) ? str(response.description) : '';
      const body =
        media(w, response.content) ??
        (response.schema ? { type: 'application/json', schema: response.schema, example: w.example(response.schema) } : undefined);
      const inner = body
        ? `${body.schema ? w.tree(body.schema) : ''}${body.example !== undefined ? jsonBlock(body.example, `Example ${code} response`) : ''}`
        : '';
      parts.push(
        `<details class="oa-response"${/^2/.test(code) ? ' open' : ''}><summary><span class="oa-status oa-status-${esc(code.charAt(0))}">${esc(code)}</span> ${esc(description)}${body ? ` <span class="oa-type">${esc(body.type)}</span>` : ''}</summary>${inner}</details>`,
      );
    }
  }
  return parts.join('');
}

function serverUrl(doc: OpenApiDoc): string {
  const server = Array.isArray(doc.servers) ? deref(doc, doc.servers[0]) : undefined;
  if (server) return str(server.url);
  if (typeof doc.host === 'string')
    return `${Array.isArray(doc.schemes) ? str(doc.schemes[0]) || 'https' : 'https'}://${doc.host}${str(doc.basePath)}`;
  return '';
}

const unavailable = (what: string): string => `<div class="hint hint-warning openapi-missing"><p>${esc(what)} is not available.</p></div>`;

/**
 * A block's HTML within bounds: past the size cap, a placeholder; when the budget tripped, the
 * block with a note that parts are shown by name only.
 */
function bounded(w: SchemaWriter, what: string, html: string, close: string): string {
  if (html.length > MAX_BLOCK_HTML_CHARS)
    return `<div class="hint hint-warning openapi-too-large"><p>${esc(what)} is too large to show here.</p></div>`;
  const note = w.budget.tripped
    ? '<p class="oa-truncated oa-desc">Some nested schemas are too large to show here and are named only.</p>'
    : '';
  return `${html}${note}${close}`;
}

/** An `openapi-operation` block: `path` and `method` of the spec. */
export function renderOperation(doc: OpenApiDoc | undefined, path: string, method: string, id: string): string {
  const m = method.toLowerCase();
  const pathItem = doc && isObj(doc.paths) ? deref(doc, doc.paths[path]) : undefined;
  const operation = pathItem && METHODS.includes(m) ? deref(doc!, pathItem[m]) : undefined;
  if (!doc || !pathItem || !operation) return unavailable(`The API operation ${method.toUpperCase()} ${path}`);
  const server = serverUrl(doc);
  const w = writerFor(doc);
  const html =
    `<section class="openapi-operation" id="${esc(id)}" aria-label="${esc(`${m.toUpperCase()} ${path}`)}">` +
    `<div class="oa-head"><span class="oa-method oa-method-${esc(m)}">${esc(m.toUpperCase())}</span> <code class="oa-path">${esc(server)}${esc(path)}</code>${operation.deprecated === true ? ' <span class="oa-deprecated">deprecated</span>' : ''}</div>` +
    operationBody(w, operation, pathItem);
  return bounded(w, `The API operation ${m.toUpperCase()} ${path}`, html, '</section>');
}

/** An `openapi-webhook` block: the webhook `name` and `method`. */
export function renderWebhook(doc: OpenApiDoc | undefined, name: string, method: string, id: string): string {
  const m = method.toLowerCase();
  const item = doc && isObj(doc.webhooks) ? deref(doc, doc.webhooks[name]) : undefined;
  const operation = item && METHODS.includes(m) ? deref(doc!, item[m]) : undefined;
  if (!doc || !item || !operation) return unavailable(`The webhook ${name}`);
  const w = writerFor(doc);
  const html =
    `<section class="openapi-operation" id="${esc(id)}" aria-label="${esc(`Webhook ${name}`)}">` +
    `<div class="oa-head"><span class="oa-method oa-method-${esc(m)}">${esc(m.toUpperCase())}</span> <code class="oa-path">${esc(name)}</code> <span class="oa-type">webhook</span></div>` +
    operationBody(w, operation, item);
  return bounded(w, `The webhook ${name}`, html, '</section>');
}

/** An `openapi-schemas` block: the named component schemas. */
export function renderSchemas(doc: OpenApiDoc | undefined, names: string[], id: string): string {
  const components =
    doc && isObj(doc.components) && isObj(doc.components.schemas)
      ? doc.components.schemas
      : doc && isObj(doc.definitions)
        ? doc.definitions
        : undefined;
  if (!doc || !components) return unavailable('The API schemas');
  const base = isObj(doc.components) && isObj(doc.components.schemas) ? '#/components/schemas/' : '#/definitions/';
  const shown = names.slice(0, 50).filter((name) => isObj(components[name]));
  if (shown.length === 0) return unavailable('The API schemas');
  const w = writerFor(doc);
  const items = shown.map((name) => {
    const raw = { $ref: `${base}${name.replace(/~/g, '~0').replace(/\//g, '~1')}` };
    const description = str(w.deref(raw)?.description);
    return `<details class="oa-response" open><summary><code class="oa-name">${esc(name)}</code></summary>${description ? `<p class="oa-desc">${esc(description)}</p>` : ''}${w.tree(raw)}${jsonBlock(w.example(raw), `Example ${name}`)}</details>`;
  });
  return bounded(
    w,
    'The API schemas',
    `<section class="openapi-schemas" id="${esc(id)}" aria-label="API schemas">${items.join('')}`,
    '</section>',
  );
}
