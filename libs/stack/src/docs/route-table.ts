import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The route table of docs/routes.md: `METHOD path → gateway controller → subject → handler file`,
 * read from the sources with the TypeScript checker, so a subject is found by its value whatever
 * the import is called (`IdentitySubjects.orgGet`, `S.commentList`). A gateway method that calls a
 * gateway helper (`this.pageTrees.read(...)`) is followed into it, a few calls deep.
 */

export interface RouteRow {
  method: string;
  path: string;
  controller: string;
  subjects: string[];
}

export interface HandlerRow {
  subject: string;
  handler: string;
}

export interface RouteTable {
  routes: RouteRow[];
  handlers: Map<string, HandlerRow[]>;
  /** Subjects sent from anywhere but a `@MessagePattern`: gateway, services, workers, the reader, platform clients. */
  called: Set<string>;
}

const HTTP_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);
const FOLLOW_DEPTH = 3;

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  for (const app of readdirSync(join(root, 'apps'))) walk(join(root, 'apps', app, 'src'));
  walk(join(root, 'libs', 'platform', 'src'));
  return files;
}

const decoratorName = (decorator: ts.Decorator): string | undefined =>
  ts.isCallExpression(decorator.expression) ? decorator.expression.expression.getText() : undefined;

const stringArg = (decorator: ts.Decorator): string => {
  const expression = decorator.expression as ts.CallExpression;
  const arg = expression.arguments[0];
  return arg !== undefined && ts.isStringLiteralLike(arg) ? arg.text : '';
};

const joinPath = (...parts: string[]): string =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment))
    .join('/');

export function readRouteTable(root: string): RouteTable {
  const files = sourceFiles(root);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    experimentalDecorators: true,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const rel = (file: string) => relative(root, file);

  /** The subject a `X.y` expression names, when `X` is one of the contracts' `…Subjects` constants. */
  const subjectOf = (node: ts.Node): string | undefined => {
    if (!ts.isPropertyAccessExpression(node) || !/Subjects$/.test(declaredName(node.expression))) return undefined;
    const type = checker.getTypeAtLocation(node);
    return type.isStringLiteral() ? type.value : undefined;
  };
  const declaredName = (expression: ts.Expression): string => {
    let symbol = checker.getSymbolAtLocation(expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    // `const S = CollaborationSubjects;` names the constant it copies.
    const declaration = symbol?.valueDeclaration;
    if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer && ts.isIdentifier(declaration.initializer))
      return declaredName(declaration.initializer);
    return symbol?.getName() ?? '';
  };

  const handlers = new Map<string, HandlerRow[]>();
  const called = new Set<string>();
  const routes: RouteRow[] = [];

  /** Subjects a function body names, following calls into gateway code (its helpers and services). */
  const subjectsIn = (body: ts.Node, depth: number, seen: Set<ts.Node>): Set<string> => {
    const found = new Set<string>();
    const visit = (node: ts.Node): void => {
      const subject = subjectOf(node);
      if (subject !== undefined) found.add(subject);
      if (depth > 0 && ts.isCallExpression(node)) {
        const declaration = checker.getResolvedSignature(node)?.getDeclaration();
        if (
          declaration !== undefined &&
          'body' in declaration &&
          declaration.body !== undefined &&
          !seen.has(declaration) &&
          rel(declaration.getSourceFile().fileName).startsWith('apps/gateway/')
        ) {
          seen.add(declaration);
          for (const s of subjectsIn(declaration.body, depth - 1, seen)) found.add(s);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return found;
  };

  for (const source of program.getSourceFiles()) {
    const file = rel(source.fileName);
    if (!file.startsWith('apps/') && !file.startsWith('libs/platform/')) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isDecorator(node) && decoratorName(node) === 'MessagePattern') {
        const arg = (node.expression as ts.CallExpression).arguments[0];
        const subject = arg !== undefined ? subjectOf(arg) : undefined;
        const method = node.parent as ts.MethodDeclaration;
        const owner = method.parent as ts.ClassDeclaration;
        if (subject !== undefined) {
          const list = handlers.get(subject) ?? [];
          list.push({ subject, handler: `${file} ${owner.name?.text ?? '?'}.${method.name.getText()}` });
          handlers.set(subject, list);
        }
        return;
      }
      const subject = subjectOf(node);
      if (subject !== undefined) called.add(subject);
      ts.forEachChild(node, visit);
    };
    visit(source);

    if (!file.startsWith('apps/gateway/src/') || !file.endsWith('.controller.ts')) continue;
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement)) continue;
      const controller = (ts.getDecorators(statement) ?? []).find((d) => decoratorName(d) === 'Controller');
      if (controller === undefined) continue;
      const base = stringArg(controller);
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || member.body === undefined) continue;
        for (const decorator of ts.getDecorators(member) ?? []) {
          const name = decoratorName(decorator);
          if (name === undefined || !HTTP_DECORATORS.has(name)) continue;
          routes.push({
            method: name.toUpperCase(),
            path: joinPath(base, stringArg(decorator)),
            controller: `${file} ${statement.name?.text ?? '?'}.${member.name.getText()}`,
            subjects: [...subjectsIn(member.body, FOLLOW_DEPTH, new Set())].sort(),
          });
        }
      }
    }
  }
  routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  return { routes, handlers, called };
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function routesMarkdown(table: RouteTable): string {
  const lines = [
    '# Routes',
    '',
    '<!-- Generated by `node libs/stack/dist/bin/docs-routes.js`; a unit test fails when it disagrees with the code. -->',
    '',
    'Every HTTP route of the gateway, the gateway controller method that serves it, the NATS subjects it',
    'sends (following the gateway helpers it calls) and the service handler of each subject. A route',
    'with no subject answers in the gateway itself (health, API docs, downloads served from a cache).',
    '',
    '| route | gateway controller | subject | handler |',
    '| --- | --- | --- | --- |',
  ];
  for (const route of table.routes) {
    const subjects = route.subjects.length > 0 ? route.subjects : [''];
    for (const subject of subjects) {
      const handler = subject === '' ? '' : (table.handlers.get(subject) ?? []).map((h) => `\`${h.handler}\``).join('<br>');
      lines.push(`| \`${route.method} ${route.path}\` | \`${route.controller}\` | ${subject ? `\`${subject}\`` : ''} | ${cell(handler)} |`);
    }
  }
  lines.push('', '## Subjects no route calls', '', 'Handled subjects that services, workers or the reader call among themselves.', '');
  lines.push('| subject | handler |', '| --- | --- |');
  const routed = new Set(table.routes.flatMap((r) => r.subjects));
  for (const subject of [...table.handlers.keys()].sort()) {
    if (routed.has(subject)) continue;
    lines.push(`| \`${subject}\` | ${(table.handlers.get(subject) ?? []).map((h) => `\`${h.handler}\``).join('<br>')} |`);
  }
  lines.push('');
  return lines.join('\n');
}
