// Adaptive-content conditions: a small JavaScript-like expression over the visitor's claims
// (`visitor.claims.plan === "pro" && !visitor.claims.unsigned.beta`). Parsed by jsep and evaluated
// here over a whitelist of node kinds: member access on plain data, literals, comparisons, logical
// and unary operators. Nothing is called, nothing reaches a prototype. Any error or unknown
// construct makes the condition false: hidden is the safe answer.
import jsep from 'jsep';

export interface VisitorContext {
  claims: Record<string, unknown>;
}

const MAX_CONDITION_LENGTH = 1024;
const parsed = new Map<string, jsep.Expression | null>();

export function evaluateCondition(condition: string | undefined, visitor: VisitorContext): boolean {
  if (condition === undefined || condition.trim() === '') return true;
  const tree = parse(condition);
  if (!tree) return false;
  try {
    return Boolean(evaluate(tree, { visitor }));
  } catch {
    return false;
  }
}

function parse(condition: string): jsep.Expression | null {
  let tree = parsed.get(condition);
  if (tree === undefined) {
    try {
      tree = condition.length > MAX_CONDITION_LENGTH ? null : jsep(condition);
    } catch {
      tree = null;
    }
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(condition, tree);
  }
  return tree;
}

function evaluate(node: jsep.Expression, scope: Record<string, unknown>): unknown {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value;
    case 'Identifier':
      return own(scope, (node as jsep.Identifier).name);
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      const object = evaluate(member.object, scope);
      const key = member.computed ? evaluate(member.property, scope) : (member.property as jsep.Identifier).name;
      return object !== null && typeof object === 'object' ? own(object as Record<string, unknown>, String(key)) : undefined;
    }
    case 'UnaryExpression': {
      const unary = node as jsep.UnaryExpression;
      if (unary.operator === '!') return !evaluate(unary.argument, scope);
      throw new Error('unsupported');
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (binary.operator === '&&') return evaluate(binary.left, scope) && evaluate(binary.right, scope);
      if (binary.operator === '||') return evaluate(binary.left, scope) || evaluate(binary.right, scope);
      const left = evaluate(binary.left, scope);
      const right = evaluate(binary.right, scope);
      switch (binary.operator) {
        case '==':
        case '===':
          return left === right;
        case '!=':
        case '!==':
          return left !== right;
        case '<':
          return (left as number) < (right as number);
        case '<=':
          return (left as number) <= (right as number);
        case '>':
          return (left as number) > (right as number);
        case '>=':
          return (left as number) >= (right as number);
        default:
          throw new Error('unsupported');
      }
    }
    case 'ArrayExpression':
      return (node as jsep.ArrayExpression).elements.map((e) => (e ? evaluate(e, scope) : undefined));
    default:
      throw new Error('unsupported');
  }
}

function own(object: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}
