// API reference blocks rendered from a bundled OpenAPI document (3.x; Swagger 2 read where the
// shapes agree): an operation with its parameters, request body and responses (schemas as nested
// lists, an example each), a webhook the same way, and named component schemas. The document
// comes from outside: every value is read defensively, escaped, and bounded (schema depth and
// width, `$ref` chains), so a hostile or cyclic spec renders something finite.
import hljs from 'highlight.js';
import type { OpenApiDoc } from '../openapi/spec-source';
import { esc } from './escape';

type Json = Record<string, unknown>;

const MAX_DEPTH = 6;
const MAX_PROPERTIES = 100;
const MAX_EXAMPLE_CHARS = 20_000;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Follows local `$ref`s (`#/components/...`) a bounded number of times. */
function deref(doc: OpenApiDoc, value: unknown): Json | undefined {
  let current = value;
  for (let hops = 0; hops < 10 && isObj(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObj(target) ? target[key] : undefined;
    }
    current = target;
  }
  return isObj(current) ? current : undefined;
}

/** The name of a `$ref`'d schema (`Pet` for `#/components/schemas/Pet`), for type labels. */
const refName = (value: unknown): string => (isObj(value) && typeof value.$ref === 'string' ? (value.$ref.split('/').pop() ?? '') : '');

function typeLabel(doc: OpenApiDoc, raw: unknown): string {
  const schema = deref(doc, raw);
  if (!schema) return 'any';
  const named = refName(raw);
  if (schema.type === 'array') return `array of ${typeLabel(doc, schema.items)}`;
  const type = Array.isArray(schema.type) ? schema.type.map(str).join(' | ') : str(schema.type);
  const variants = ['oneOf', 'anyOf'].flatMap((k) =>
    Array.isArray(schema[k]) ? [(schema[k] as unknown[]).map((s) => typeLabel(doc, s)).join(' | ')] : [],
  );
  const base = named || type || variants[0] || (schema.properties ? 'object' : 'any');
  return schema.format ? `${base} (${str(schema.format)})` : base;
}

/** Properties of a schema with `allOf` merged (one level of composition is what specs use). */
function propertiesOf(doc: OpenApiDoc, schema: Json): { properties: Json; required: Set<string> } {
  const properties: Json = {};
  const required = new Set<string>();
  const parts = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf.map((s) => deref(doc, s)).filter(isObj) : [])];
  for (const part of parts) {
    if (isObj(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required)) for (const name of part.required) if (typeof name === 'string') required.add(name);
  }
  return { properties, required };
}

/** A schema as nested lists of its properties (objects, array items, allOf), bounded in depth and width. */
export function schemaTree(doc: OpenApiDoc, raw: unknown, depth = 0, seen: Set<string> = new Set()): string {
  const schema = deref(doc, raw);
  if (!schema || depth >= MAX_DEPTH) return '';
  const ref = isObj(raw) && typeof raw.$ref === 'string' ? raw.$ref : '';
  if (ref && seen.has(ref)) return ''; // a cycle: its name was shown, its body once above
  const inner = ref ? new Set([...seen, ref]) : seen;
  if (schema.type === 'array') return schemaTree(doc, schema.items, depth + 1, inner);
  const { properties, required } = propertiesOf(doc, schema);
  const entries = Object.entries(properties).slice(0, MAX_PROPERTIES);
  if (entries.length === 0) return '';
  const items = entries.map(([name, prop]) => {
    const p = deref(doc, prop) ?? {};
    const description = str(p.description);
    const enumValues = Array.isArray(p.enum)
      ? ` <span class="oa-enum">one of ${p.enum
          .slice(0, 20)
          .map((v) => `<code>${esc(JSON.stringify(v))}</code>`)
          .join(', ')}</span>`
      : '';
    return (
      `<li><code class="oa-name">${esc(name)}</code> <span class="oa-type">${esc(typeLabel(doc, prop))}</span>` +
      (required.has(name) ? ' <span class="oa-required">required</span>' : '') +
      enumValues +
      (description ? `<div class="oa-desc">${esc(description)}</div>` : '') +
      schemaTree(doc, prop, depth + 1, inner) +
      '</li>'
    );
  });
  return `<ul class="oa-schema">${items.join('')}</ul>`;
}

/** An example for a schema: its own `example`, else one built from types (bounded). */
export function exampleOf(doc: OpenApiDoc, raw: unknown, depth = 0): unknown {
  const schema = deref(doc, raw);
  if (!schema || depth > MAX_DEPTH) return null;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const first = ['oneOf', 'anyOf'].map((k) => schema[k]).find((v): v is unknown[] => Array.isArray(v) && v.length > 0);
  if (first) return exampleOf(doc, first[0], depth + 1);
  const type: unknown = Array.isArray(schema.type) ? (schema.type as unknown[])[0] : schema.type;
  if (type === 'array') return [exampleOf(doc, schema.items, depth + 1)];
  const { properties } = propertiesOf(doc, schema);
  if (type === 'object' || Object.keys(properties).length > 0) {
    const out: Json = {};
    for (const [name, prop] of Object.entries(properties).slice(0, MAX_PROPERTIES)) out[name] = exampleOf(doc, prop, depth + 1);
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

function jsonBlock(value: unknown, label: string): string {
  let text = JSON.stringify(value, null, 2) ?? 'null';
  if (text.length > MAX_EXAMPLE_CHARS) text = `${text.slice(0, MAX_EXAMPLE_CHARS)}\n…`;
  const body = hljs.highlight(text, { language: 'json', ignoreIllegals: true }).value;
  return `<figure class="code oa-example"><figcaption>${esc(label)}</figcaption><pre tabindex="0"><code class="hljs">${body}</code></pre></figure>`;
}

/** The media type shown (JSON first) and its schema and example. */
function media(doc: OpenApiDoc, content: unknown): { type: string; schema?: unknown; example?: unknown } | undefined {
  if (!isObj(content)) return undefined;
  const types = Object.keys(content);
  const type = types.find((t) => /json/i.test(t)) ?? types[0];
  const entry = type ? deref(doc, content[type]) : undefined;
  if (!type || !entry) return undefined;
  const examples = isObj(entry.examples) ? Object.values(entry.examples).map((e) => deref(doc, e)?.value) : [];
  const example = entry.example ?? examples.find((e) => e !== undefined) ?? (entry.schema ? exampleOf(doc, entry.schema) : undefined);
  return { type, schema: entry.schema, example };
}

function parametersTable(doc: OpenApiDoc, raw: unknown[]): string {
  const params = raw
    .map((p) => deref(doc, p))
    .filter(isObj)
    .slice(0, MAX_PROPERTIES);
  if (params.length === 0) return '';
  const rows = params.map((p) => {
    const schema = p.schema ?? (p.type ? { type: p.type, format: p.format } : undefined);
    return (
      `<tr><td><code>${esc(str(p.name))}</code>${p.required === true ? ' <span class="oa-required">required</span>' : ''}</td>` +
      `<td>${esc(str(p.in))}</td><td>${esc(typeLabel(doc, schema))}</td><td>${esc(str(p.description))}</td></tr>`
    );
  });
  return `<p class="oa-h"><strong>Parameters</strong></p><div class="table-wrap"><table class="oa-params"><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

function operationBody(doc: OpenApiDoc, operation: Json, pathItem: Json): string {
  const parts: string[] = [];
  const summary = str(operation.summary);
  const description = str(operation.description);
  if (summary) parts.push(`<p class="oa-summary"><strong>${esc(summary)}</strong></p>`);
  if (description) parts.push(`<p class="oa-description">${esc(description)}</p>`);
  const listed = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);
  const params = [...listed(pathItem.parameters), ...listed(operation.parameters)];
  // Swagger 2 puts the body among the parameters.
  const bodyParam = params.map((p) => deref(doc, p)).find((p) => p?.in === 'body');
  parts.push(
    parametersTable(
      doc,
      params.filter((p) => deref(doc, p)?.in !== 'body'),
    ),
  );
  const requestBody = deref(doc, operation.requestBody);
  const request = requestBody
    ? media(doc, requestBody.content)
    : bodyParam
      ? { type: 'application/json', schema: bodyParam.schema, example: exampleOf(doc, bodyParam.schema) }
      : undefined;
  if (request) {
    parts.push(`<p class="oa-h"><strong>Request body <span class="oa-type">${esc(request.type)}</span></strong></p>`);
    if (request.schema) parts.push(schemaTree(doc, request.schema));
    if (request.example !== undefined) parts.push(jsonBlock(request.example, 'Example request'));
  }
  const responses = isObj(operation.responses) ? Object.entries(operation.responses).slice(0, 20) : [];
  if (responses.length > 0) {
    parts.push('<p class="oa-h"><strong>Responses</strong></p>');
    for (const [code, rawResponse] of responses) {
      const response = deref(doc, rawResponse) ?? {};
      const body =
        media(doc, response.content) ??
        (response.schema ? { type: 'application/json', schema: response.schema, example: exampleOf(doc, response.schema) } : undefined);
      const inner = body
        ? `${body.schema ? schemaTree(doc, body.schema) : ''}${body.example !== undefined ? jsonBlock(body.example, `Example ${code} response`) : ''}`
        : '';
      parts.push(
        `<details class="oa-response"${/^2/.test(code) ? ' open' : ''}><summary><span class="oa-status oa-status-${esc(code.charAt(0))}">${esc(code)}</span> ${esc(str(response.description))}${body ? ` <span class="oa-type">${esc(body.type)}</span>` : ''}</summary>${inner}</details>`,
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

/** An `openapi-operation` block: `path` and `method` of the spec. */
export function renderOperation(doc: OpenApiDoc | undefined, path: string, method: string, id: string): string {
  const m = method.toLowerCase();
  const pathItem = doc && isObj(doc.paths) ? deref(doc, doc.paths[path]) : undefined;
  const operation = pathItem && METHODS.includes(m) ? deref(doc!, pathItem[m]) : undefined;
  if (!doc || !pathItem || !operation) return unavailable(`The API operation ${method.toUpperCase()} ${path}`);
  const server = serverUrl(doc);
  return (
    `<section class="openapi-operation" id="${esc(id)}" aria-label="${esc(`${m.toUpperCase()} ${path}`)}">` +
    `<div class="oa-head"><span class="oa-method oa-method-${esc(m)}">${esc(m.toUpperCase())}</span> <code class="oa-path">${esc(server)}${esc(path)}</code>${operation.deprecated === true ? ' <span class="oa-deprecated">deprecated</span>' : ''}</div>` +
    operationBody(doc, operation, pathItem) +
    '</section>'
  );
}

/** An `openapi-webhook` block: the webhook `name` and `method`. */
export function renderWebhook(doc: OpenApiDoc | undefined, name: string, method: string, id: string): string {
  const m = method.toLowerCase();
  const item = doc && isObj(doc.webhooks) ? deref(doc, doc.webhooks[name]) : undefined;
  const operation = item && METHODS.includes(m) ? deref(doc!, item[m]) : undefined;
  if (!doc || !item || !operation) return unavailable(`The webhook ${name}`);
  return (
    `<section class="openapi-operation" id="${esc(id)}" aria-label="${esc(`Webhook ${name}`)}">` +
    `<div class="oa-head"><span class="oa-method oa-method-${esc(m)}">${esc(m.toUpperCase())}</span> <code class="oa-path">${esc(name)}</code> <span class="oa-type">webhook</span></div>` +
    operationBody(doc, operation, item) +
    '</section>'
  );
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
  const items = shown.map((name) => {
    const raw = { $ref: `${base}${name.replace(/~/g, '~0').replace(/\//g, '~1')}` };
    const description = str(deref(doc, raw)?.description);
    return `<details class="oa-response" open><summary><code class="oa-name">${esc(name)}</code></summary>${description ? `<p class="oa-desc">${esc(description)}</p>` : ''}${schemaTree(doc, raw)}${jsonBlock(exampleOf(doc, raw), `Example ${name}`)}</details>`;
  });
  return `<section class="openapi-schemas" id="${esc(id)}" aria-label="API schemas">${items.join('')}</section>`;
}
