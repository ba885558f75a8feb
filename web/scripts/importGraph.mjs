// The import graph of web/src, read with TypeScript's parser: what check-cycles.mjs proves
// has no circle and tools/web_figures.mjs counts. Only relative imports (the app has no
// path aliases); static and dynamic imports both count.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const root = fileURLToPath(new URL('../src', import.meta.url));

const isTest = (name) => /\.test\.tsx?$/.test(name);

/** The .ts/.tsx files under `dir`, declaration files left out; tests only when asked. */
export function sources(dir = root, { tests = false } = {}) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file, { tests });
    const wanted = /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && (tests || !isTest(entry.name));
    return wanted ? [file] : [];
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

/**
 * The files `file` imports. Type-only imports count only with `types` (they vanish from
 * the bundle, so they make no circle, but they still tie one feature to another).
 */
export function importsOf(file, { types = false } = {}) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (types || !isTypeOnly(node)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    } else if (types && ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((specifier) => resolve(file, specifier)).filter(Boolean);
}

/** file → the files it imports. */
export function importGraph({ tests = false, types = false } = {}) {
  return new Map(sources(root, { tests }).map((file) => [file, importsOf(file, { types })]));
}

/** The feature folder a file lives in (features/<name>/...), or null outside features/. */
export function featureOf(file) {
  const match = path.relative(root, file).split(path.sep);
  return match[0] === 'features' && match.length > 2 ? match[1] : null;
}

/** Imports from one feature folder into another: [{from, to, file, target}]. */
export function crossFeatureImports(graph) {
  const found = [];
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = featureOf(target);
      if (to && to !== from) found.push({ from, to, file, target });
    }
  }
  return found;
}

/** The feature folders as nodes: folder → the folders it imports. */
export function featureGraph(graph) {
  const folders = new Map();
  for (const { from, to } of crossFeatureImports(graph)) {
    if (!folders.has(from)) folders.set(from, new Set());
    folders.get(from).add(to);
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets]]));
}

/** Tarjan's strongly connected components: every component of more than one node (or a node importing itself) is a circle. */
export function circlesOf(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return circles;
}
