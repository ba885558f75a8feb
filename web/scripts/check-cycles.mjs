// The import graph of web/src has no circle (issue 18): static and dynamic imports count
// (a circle through the route registry's lazy pages is still a circle; eslint's
// import-x/no-cycle does not follow dynamic imports), type-only imports and tests do not.
// Prints each circle's files and exits 1 when there is one.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../src', import.meta.url));

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

function isTypeOnly(node) {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && !isTypeOnly(node)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((specifier) => resolve(file, specifier)).filter(Boolean);
}

const graph = new Map(sources(root).map((file) => [file, importsOf(file)]));

// Tarjan's strongly connected components: every component of more than one file is a circle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const circles = [];
function connect(file) {
  index.set(file, counter);
  low.set(file, counter++);
  stack.push(file);
  onStack.add(file);
  for (const next of graph.get(file) ?? []) {
    if (!graph.has(next)) continue;
    if (!index.has(next)) {
      connect(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(component);
}
for (const file of graph.keys()) if (!index.has(file)) connect(file);

if (circles.length) {
  for (const circle of circles) {
    console.error(`Import circle of ${circle.length} files:\n  ${circle.map((f) => path.relative(root, f)).sort().join('\n  ')}`);
  }
  process.exit(1);
}
console.log(`No import circle in ${graph.size} files.`);
