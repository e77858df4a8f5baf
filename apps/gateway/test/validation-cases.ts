/**
 * Queries and bodies for comparing the gateway's compiled checks with the full validation pipe:
 * the soak's, and many variants of the nested DTOs' (valid or not), shared by the unit tests
 * (src/common/compiled-dto.spec.ts, against class-transformer and class-validator) and the
 * service-alone tests (test/int/validation-pipe.int-spec.ts, against Nest's pipe itself).
 */

import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { OPERATIONS as CHANGE_OPERATIONS } from '../src/content/dto/content-changes.request';

type Dto = new () => object;

/** A copy made in this realm (jest runs tests in their own), as the gateway's JSON parser makes request bodies. */
export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * What Nest's ValidationPipe does with the gateway's options (`transform`, `whitelist`,
 * `forbidUnknownValues`) for an object: class-transformer builds the instance, class-validator strips
 * and validates it. (test/int/validation-pipe.int-spec.ts compares with the pipe itself, which jest cannot load.)
 */
export async function viaLibraries(metatype: Dto, value: unknown): Promise<object | undefined> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entity = plainToInstance(metatype, withoutPrototypeKeys(clone(value)));
  const errors = await validate(entity, { whitelist: true, forbidUnknownValues: true });
  return errors.length === 0 ? entity : undefined;
}

/** The pipe first deletes these keys at every level (Nest's `stripProtoKeys`): class-transformer would take a `constructor` for the class. */
function withoutPrototypeKeys<T>(value: T): T {
  if (Array.isArray(value)) value.forEach(withoutPrototypeKeys);
  else if (typeof value === 'object' && value !== null) {
    for (const key of ['__proto__', 'prototype', 'constructor']) delete (value as Record<string, unknown>)[key];
    Object.values(value).forEach(withoutPrototypeKeys);
  }
  return value;
}

/** A value with every object's class and key order spelled out, for comparing two instances deeply. */
export function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value !== 'object' || value === null) return value;
  return { class: value.constructor?.name, entries: Object.entries(value).map(([key, item]) => [key, shape(item)]) };
}

export const paragraph = (text: string) => ({
  document: {
    object: 'document',
    data: {},
    nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
  },
});

/** The soak's edit: one update_page with a JSON document. */
export const soakEdit = {
  changes: [{ operation: 'update_page', page: 'page_1', document: paragraph('Edited by soak s1: harbour notes') }],
};
/** The soak's comment. */
export const soakComment = { body: { markdown: 'Soak comment s1 on **harbour**' } };

/** Values for each field of a change, valid or not for some operation: every one is tried on every operation. */
const FIELD_VALUES: Record<string, unknown[]> = {
  page: ['page_1', 'a b', null, 5],
  reusableContent: ['rc_1', null],
  revision: ['rev_1', 7],
  block: [['b1', 'b2'], [''], 'b1', []],
  type: ['document', 'group', 'link', 'computed', 'nope'],
  computed: [{ integration: 'x' }, [], 'x'],
  href: ['https://example.com', 'javascript:alert(1)'],
  target: [
    { kind: 'url', url: 'https://example.com' },
    { kind: 'page', page: 'p1' },
    { kind: 'page' },
    { kind: 'url', url: 'x', extra: 1 },
    null,
    'x',
  ],
  document: [
    paragraph('text'),
    { markdown: '# Title' },
    {},
    { markdown: 5 },
    { document: { object: 'document', data: { constructor: 'x' }, nodes: [] } },
    { document: { object: 'document', data: { toString: 'x' }, nodes: [] } },
    { document: { object: 'document', data: { prototype: { a: 1 } }, nodes: [] } },
    { document: { object: 'document', data: {}, nodes: [{ object: 'inline', type: 'x' }] } },
    null,
  ],
  into: ['parent_1', null, 'a b'],
  files: [
    [{ name: 'a.png', contentType: 'image/png', base64: 'AAAA' }],
    [{ name: 'a.png', url: 'https://example.com/a.png' }],
    [{ name: 'a/b' }],
    [],
    [{ name: 'a.png', base64: 'AA', other: 1 }],
    ['x'],
    [null],
  ],
  at: [0, -1, 1.5, '2'],
  ref: ['r1', ''],
  title: ['Title', '', 7],
  slug: ['slug', 'x'.repeat(101)],
  emoji: ['1f600', 3],
  description: ['d', null],
  hidden: [true, 'yes', null],
  noIndex: [false],
  noRobotsIndex: [1],
  unknownField: ['ignored', { nested: true }],
};

/** Every operation the DTO knows, and one it does not. */
const OPERATIONS = [...CHANGE_OPERATIONS, 'nope'];

/** Edit bodies: each operation alone, with each field value, and a few whole-body variants. */
export const editBodies = (): unknown[] => [
  soakEdit,
  { changes: [] },
  { changes: 'x' },
  { changes: [null] },
  { changes: [[]] },
  { changes: Array.from({ length: 51 }, () => soakEdit.changes[0]) },
  { changes: [soakEdit.changes[0], { operation: 'insert_page', title: 'New', document: { markdown: 'x' } }] },
  { changes: soakEdit.changes, extra: true },
  ...OPERATIONS.flatMap((operation) => [
    { changes: [{ operation }] },
    ...Object.entries(FIELD_VALUES).flatMap(([field, values]) => values.map((value) => ({ changes: [{ operation, [field]: value }] }))),
    ...Object.entries(FIELD_VALUES).flatMap(([field, values]) =>
      values.map((value) => ({ changes: [{ operation, page: 'page_1', title: 'T', document: { markdown: 'x' }, [field]: value }] })),
    ),
  ]),
];

export const commentBodies = (): unknown[] => [
  soakComment,
  { body: paragraph('text') },
  { body: {} },
  { body: { markdown: '' } },
  { body: 'text' },
  {},
  { body: { markdown: 'x' }, page: 'page_1', node: 'n1' },
  { body: { markdown: 'x' }, page: null },
  { body: { markdown: 'x' }, tableCell: { record: 'r', definition: 'd' } },
  { body: { markdown: 'x' }, tableCell: { record: '', definition: 'd' } },
  { body: { markdown: 'x' }, tableCell: null },
  { body: { markdown: 'x' }, tableCell: [{ record: 'r', definition: 'd' }] },
];
