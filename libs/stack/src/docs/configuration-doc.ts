import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * docs/configuration.md, generated from the env classes themselves (each app's `*.env.ts` and the
 * platform's shared ones) so the reference cannot drift from what the apps validate at start: the
 * variable, its default as written in the class, the rules its decorators state, and its doc comment.
 */

interface EnvVariable {
  name: string;
  defaultValue: string;
  rules: string[];
  doc: string;
}

interface EnvClass {
  name: string;
  file: string;
  extendsName?: string;
  doc: string;
  variables: EnvVariable[];
}

/** Files that declare env classes, relative to the repository root. */
export function envFiles(root: string): string[] {
  const files = ['libs/platform/src/config/load-config.ts', 'libs/platform/src/jobs/worker-main.ts'];
  for (const app of readdirSync(join(root, 'apps')).sort()) {
    const src = join(root, 'apps', app, 'src');
    if (!existsDir(src)) continue;
    files.push(
      ...walk(src)
        .filter((file) => file.endsWith('.env.ts'))
        .map((file) => relative(root, file)),
    );
  }
  return files;
}

function existsDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path));
    else out.push(path);
  }
  return out;
}

function docOf(node: ts.Node, source: ts.SourceFile): string {
  const ranges = ts.getLeadingCommentRanges(source.text, node.getFullStart()) ?? [];
  const jsdoc = ranges.map((r) => source.text.slice(r.pos, r.end)).filter((text) => text.startsWith('/**'));
  const last = jsdoc.at(-1);
  if (last === undefined) return '';
  return last
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter(Boolean)
    .join(' ');
}

/** A decorator as a short rule: `@Min(100)` → `min 100`; validators without a readable rule are left out. */
function ruleOf(decorator: ts.Decorator, source: ts.SourceFile): string | undefined {
  const expression = decorator.expression;
  if (!ts.isCallExpression(expression)) return undefined;
  const name = expression.expression.getText(source);
  const first = expression.arguments[0]?.getText(source);
  switch (name) {
    case 'IsInt':
      return 'integer';
    case 'IsBoolean':
      return 'boolean';
    case 'IsOptional':
      return 'optional';
    case 'Min':
      return `≥ ${first}`;
    case 'Max':
      return `≤ ${first}`;
    case 'IsIn':
      return `one of ${first}`;
    case 'MinLength':
      return `at least ${first} characters`;
    case 'Matches':
      return `matches \`${first}\``;
    case 'IsUrl':
      return 'URL';
    case 'IsAddressList':
      return 'addressList';
    case 'ValidateBy': {
      const match = /name:\s*'([^']+)'/.exec(expression.getText(source));
      return match ? match[1] : undefined;
    }
    default:
      return undefined;
  }
}

export function readEnvClasses(root: string): EnvClass[] {
  const classes: EnvClass[] = [];
  for (const file of envFiles(root)) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name || !statement.name.text.endsWith('Env')) continue;
      const heritage = statement.heritageClauses?.flatMap((clause) => clause.types.map((type) => type.expression.getText(source)));
      const variables: EnvVariable[] = [];
      for (const member of statement.members) {
        if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) continue;
        const decorators = ts.getDecorators(member) ?? [];
        variables.push({
          name: member.name.text,
          defaultValue: member.initializer
            ? member.initializer.getText(source).replace(/_/g, '')
            : member.questionToken
              ? ''
              : '(required)',
          rules: decorators.map((d) => ruleOf(d, source)).filter((rule): rule is string => rule !== undefined),
          doc: docOf(member, source),
        });
      }
      classes.push({ name: statement.name.text, file, extendsName: heritage?.[0], doc: docOf(statement, source), variables });
    }
  }
  return classes;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function configurationMarkdown(root: string): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from the env classes by `node libs/stack/dist/bin/docs-configuration.js`; a unit test fails when this file',
    '     and the classes disagree. Edit the classes, not this file. -->',
    '',
    'Every app validates its environment at start and exits naming the bad variable. Under `pnpm start`',
    'the stack wires `NATS_*`, `DATABASE_URL`, `PORT`, `HOST` and secrets itself; any other variable below',
    'set in the shell reaches the app whose class declares it. A class that extends another takes its',
    'variables too.',
    '',
  ];
  for (const envClass of readEnvClasses(root)) {
    lines.push(`## ${envClass.name}`, '');
    lines.push(
      `\`${envClass.file}\`${envClass.extendsName ? `, extends ${envClass.extendsName}` : ''}.${envClass.doc ? ` ${envClass.doc}` : ''}`,
      '',
    );
    if (envClass.variables.length === 0) continue;
    lines.push('| variable | default | rules | what it is |', '| --- | --- | --- | --- |');
    for (const v of envClass.variables) {
      const defaultValue = v.defaultValue === '' ? '' : `\`${cell(v.defaultValue)}\``;
      lines.push(`| \`${v.name}\` | ${defaultValue} | ${cell(v.rules.join(', '))} | ${cell(v.doc)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
