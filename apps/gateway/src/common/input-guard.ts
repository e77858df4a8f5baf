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

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

/** An unpaired surrogate (matched per UTF-16 code unit: no `u` flag). `isWellFormed` is ES2024, past our lib. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first problem found, depth first in document order; `where` names the part (`body`, `query`). */
export function findInputProblem(root: unknown, where: string, maxDepth = MAX_JSON_DEPTH): InputProblem | undefined {
  const stack: Pending[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      if (problem) return { path: path || where, message: `${path || where} ${problem}` };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) {
      // The path would be `[0][0]…` sixty-four times: the part is named instead.
      return { path: where, message: `The ${where} is nested too deeply: at most ${maxDepth} levels of arrays and objects` };
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: `${path}[${i}]`, depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      const childPath = path ? `${path}.${key}` : key;
      const keyProblem = stringProblem(key);
      // The key itself is printed escaped: it is what is wrong.
      if (keyProblem)
        return { path: childPath, message: `${path ? `${path}.` : ''}${JSON.stringify(key)} (a property name) ${keyProblem}` };
      stack.push({ value: (value as Record<string, unknown>)[key], path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

function stringProblem(text: string): string | undefined {
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
