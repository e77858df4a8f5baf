import jsep from 'jsep';

/**
 * Conditions of site spaces and sections: JavaScript-like expressions over the visitor, such as
 * `visitor.claims.unsigned.beta == true && visitor.claims.plan != "free"` or
 * `visitor.claims.roles.includes("admin")`. They are parsed by jsep (a parser only: it builds an
 * AST and runs nothing) and evaluated by the small interpreter below, which knows one root name
 * (`visitor`), reads own properties only (never the prototype chain), and calls one method
 * (`includes`). Nothing reaches `eval` or `Function`.
 */
export type Ast = jsep.Expression;

export const MAX_CONDITION_LENGTH = 1024;
const MAX_DEPTH = 64;

export class ConditionSyntaxError extends Error {
  constructor(
    message: string,
    readonly index: number,
  ) {
    super(message);
  }
}

const BINARY = new Set(['==', '!=', '===', '!==', '<', '>', '<=', '>=', '&&', '||', '+', '-', '*', '/', '%']);
const UNARY = new Set(['!', '-', '+']);

/** Parses a condition; a ConditionSyntaxError (with the 0-based index) when it is not one we evaluate. */
export function parseCondition(source: string): Ast {
  let ast: Ast;
  try {
    ast = jsep(source);
  } catch (error) {
    const e = error as { index?: number; description?: string; message?: string };
    throw new ConditionSyntaxError(e.description ?? e.message ?? 'syntax error', e.index ?? 0);
  }
  check(ast, 0);
  return ast;
}

/** Refuses, at write time, node kinds and names the evaluator does not support. */
function check(node: Ast, depth: number): void {
  if (depth > MAX_DEPTH) throw new ConditionSyntaxError('expression is nested too deeply', 0);
  const n = node as Record<string, unknown> & { type: string };
  switch (n.type) {
    case 'Literal':
      return;
    case 'Identifier':
      if (n.name !== 'visitor' && n.name !== 'true' && n.name !== 'false' && n.name !== 'null')
        throw new ConditionSyntaxError(`unknown name "${String(n.name)}" (conditions read "visitor")`, 0);
      return;
    case 'MemberExpression':
      check(n.object as Ast, depth + 1);
      if (n.computed) check(n.property as Ast, depth + 1);
      else if ((n.property as Ast).type !== 'Identifier') throw new ConditionSyntaxError('bad property access', 0);
      return;
    case 'BinaryExpression':
    case 'LogicalExpression':
      if (!BINARY.has(n.operator as string)) throw new ConditionSyntaxError(`operator "${String(n.operator)}" is not supported`, 0);
      check(n.left as Ast, depth + 1);
      check(n.right as Ast, depth + 1);
      return;
    case 'UnaryExpression':
      if (!UNARY.has(n.operator as string)) throw new ConditionSyntaxError(`operator "${String(n.operator)}" is not supported`, 0);
      check(n.argument as Ast, depth + 1);
      return;
    case 'ConditionalExpression':
      check(n.test as Ast, depth + 1);
      check(n.consequent as Ast, depth + 1);
      check(n.alternate as Ast, depth + 1);
      return;
    case 'ArrayExpression':
      for (const element of n.elements as Ast[]) check(element, depth + 1);
      return;
    case 'CallExpression': {
      const callee = n.callee as Record<string, unknown> & { type: string };
      const name = callee.type === 'MemberExpression' && !callee.computed ? (callee.property as { name?: string }).name : undefined;
      if (name !== 'includes') throw new ConditionSyntaxError('only the "includes" method can be called', 0);
      check(callee.object as Ast, depth + 1);
      for (const argument of n.arguments as Ast[]) check(argument, depth + 1);
      return;
    }
    case 'Compound':
      throw new ConditionSyntaxError('one expression expected', 0);
    default:
      throw new ConditionSyntaxError(`"${n.type}" is not supported in conditions`, 0);
  }
}

/** Own property of a plain value (objects and arrays); undefined for anything else. */
function read(target: unknown, key: unknown): unknown {
  if (target === null || typeof target !== 'object') return undefined;
  const name = typeof key === 'number' ? String(key) : key;
  if (typeof name !== 'string' || !Object.hasOwn(target, name)) return undefined;
  return (target as Record<string, unknown>)[name];
}

function evaluate(node: Ast, scope: { visitor: unknown }): unknown {
  const n = node as Record<string, unknown> & { type: string };
  switch (n.type) {
    case 'Literal':
      return n.value;
    case 'Identifier':
      return n.name === 'visitor' ? scope.visitor : n.name === 'true' ? true : n.name === 'false' ? false : null;
    case 'MemberExpression': {
      const object = evaluate(n.object as Ast, scope);
      const key = n.computed ? evaluate(n.property as Ast, scope) : (n.property as { name: string }).name;
      return read(object, key);
    }
    case 'LogicalExpression':
    case 'BinaryExpression': {
      const op = n.operator as string;
      if (op === '&&') return truthy(evaluate(n.left as Ast, scope)) && truthy(evaluate(n.right as Ast, scope));
      if (op === '||') return truthy(evaluate(n.left as Ast, scope)) || truthy(evaluate(n.right as Ast, scope));
      return binary(op, evaluate(n.left as Ast, scope), evaluate(n.right as Ast, scope));
    }
    case 'UnaryExpression': {
      const value = evaluate(n.argument as Ast, scope);
      if (n.operator === '!') return !truthy(value);
      return typeof value === 'number' ? (n.operator === '-' ? -value : value) : undefined;
    }
    case 'ConditionalExpression':
      return truthy(evaluate(n.test as Ast, scope)) ? evaluate(n.consequent as Ast, scope) : evaluate(n.alternate as Ast, scope);
    case 'ArrayExpression':
      return (n.elements as Ast[]).map((e) => evaluate(e, scope));
    case 'CallExpression': {
      const target = evaluate((n.callee as { object: Ast }).object, scope);
      const argument = evaluate((n.arguments as Ast[])[0], scope);
      if (Array.isArray(target)) return target.includes(argument);
      if (typeof target === 'string' && typeof argument === 'string') return target.includes(argument);
      return false;
    }
    default:
      return undefined;
  }
}

const truthy = (value: unknown): boolean => Boolean(value);

function binary(op: string, a: unknown, b: unknown): unknown {
  switch (op) {
    case '==':
    case '===':
      return a === b || (a == null && b == null);
    case '!=':
    case '!==':
      return !(a === b || (a == null && b == null));
  }
  const numbers = typeof a === 'number' && typeof b === 'number';
  const strings = typeof a === 'string' && typeof b === 'string';
  if (!numbers && !strings) return op === '+' || op === '-' || op === '*' || op === '/' || op === '%' ? undefined : false;
  switch (op) {
    case '<':
      return (a as number) < (b as number);
    case '>':
      return (a as number) > (b as number);
    case '<=':
      return (a as number) <= (b as number);
    case '>=':
      return (a as number) >= (b as number);
    case '+':
      return numbers ? a + b : `${a as string}${b as string}`;
  }
  if (!numbers) return undefined;
  switch (op) {
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    default:
      return a % b;
  }
}

/**
 * Whether a condition holds for a visitor (`{claims}`); a condition that cannot be read (stored
 * before a parser change) hides its item rather than showing what was meant to be conditional.
 */
export function conditionHolds(source: string, visitor: { claims: Record<string, unknown> }, cache?: Map<string, Ast | null>): boolean {
  let ast = cache?.get(source);
  if (ast === undefined) {
    try {
      ast = parseCondition(source);
    } catch {
      ast = null;
    }
    cache?.set(source, ast);
  }
  if (ast === null) return false;
  return truthy(evaluate(ast, { visitor }));
}
