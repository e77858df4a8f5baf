import type { FastifyInstance } from 'fastify';

/**
 * Checks every string of a request (body, query, path params) before any DTO sees it:
 *
 * - JSON nested deeper than {@link MAX_JSON_DEPTH} levels is refused, because class-transformer and
 *   class-validator recurse and a deeply nested body overflows the stack (a 500);
 * - a NUL character is refused, because Postgres cannot store one in text or jsonb (a 500);
 * - a lone UTF-16 surrogate (`"\ud800"` in JSON) is refused, because it is not Unicode: Postgres
 *   would store U+FFFD while the API echoed what was sent.
 *
 * Object keys are checked like values (documents are stored as jsonb). The walk is iterative, so
 * the check itself cannot overflow the stack. The answer names the field by its JSON path
 * (`title`, `changes[0].page.title`), as DTO validation does.
 */
export const MAX_JSON_DEPTH = 64;

export interface InputProblem {
  path: string;
  message: string;
}

/** A container still to visit; its path is only spelled out when something in it is wrong. */
interface Frame {
  value: object;
  parent: Frame | undefined;
  key: string | number;
  depth: number;
}

/** Any NUL or surrogate: the cheap first test, one scan per string; most strings have neither. */
const SUSPECT = /[\u0000\ud800-\udfff]/;
/** An unpaired surrogate (matched per UTF-16 code unit: no `u` flag). `isWellFormed` is ES2024, past our lib. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first problem found, depth first in document order; `where` names the part (`body`, `query`). */
export function findInputProblem(root: unknown, where: string, maxDepth = MAX_JSON_DEPTH): InputProblem | undefined {
  if (typeof root === 'string') {
    const problem = stringProblem(root);
    return problem ? { path: where, message: `${where} ${problem}` } : undefined;
  }
  if (root === null || typeof root !== 'object') return undefined;
  const stack: Frame[] = [{ value: root, parent: undefined, key: '', depth: 1 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth > maxDepth) {
      // The path would be `[0][0]…` sixty-four times: the part is named instead.
      return { path: where, message: `The ${where} is nested too deeply: at most ${maxDepth} levels of arrays and objects` };
    }
    const { value } = frame;
    const isArray = Array.isArray(value);
    const keys: Array<string | number> = isArray ? [...value.keys()] : Object.keys(value);
    // Pushed in reverse so that the first problem in document order is the one reported.
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      if (typeof key === 'string') {
        const keyProblem = stringProblem(key) ?? reservedKeyProblem(key);
        if (keyProblem) {
          const parentPath = pathOf(frame);
          // The key itself is printed escaped: it is what is wrong.
          return {
            path: joinPath(parentPath, key),
            message: `${parentPath ? `${parentPath}.` : ''}${JSON.stringify(key)} (a property name) ${keyProblem}`,
          };
        }
      }
      const child: unknown = (value as Record<string | number, unknown>)[key];
      if (typeof child === 'string') {
        const problem = stringProblem(child);
        if (problem) {
          const path = joinPath(pathOf(frame), key) || where;
          return { path, message: `${path} ${problem}` };
        }
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, parent: frame, key, depth: frame.depth + 1 });
      }
    }
  }
  return undefined;
}

function pathOf(frame: Frame | undefined): string {
  const keys: Array<string | number> = [];
  for (let at = frame; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().reduce<string>((path, key) => joinPath(path, key), '');
}

function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/**
 * Names that reach an object's prototype machinery. Nest's ValidationPipe drops `constructor`
 * before a DTO sees it (so a `memberships` entry named so vanished with a 204), and `__proto__`
 * can pollute prototypes in code that copies objects; no field of the API is called so.
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function reservedKeyProblem(key: string): string | undefined {
  return RESERVED_KEYS.has(key) ? 'is a reserved name and cannot be used as a property name' : undefined;
}

function stringProblem(text: string): string | undefined {
  if (!SUSPECT.test(text)) return undefined;
  if (text.includes('\u0000')) return 'must not contain NUL characters (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (it contains an unpaired surrogate such as \\ud800)';
  return undefined;
}

/**
 * Runs the check on every route right after Fastify parsed the body (`preValidation`), before
 * the guards, pipes and DTOs of Nest: a refusal is a 400 naming the field.
 */
export function registerInputGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, _reply, done) => {
    const problem =
      findInputProblem(request.params, 'path') ?? findInputProblem(request.query, 'query') ?? findInputProblem(request.body, 'body');
    done(problem ? Object.assign(new Error(problem.message), { statusCode: 400 }) : undefined);
  });
}
