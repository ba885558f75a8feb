// Functions longer than a screen are hard to read and to change (issue 35.5): lists every
// function, method and arrow function in web/src (tests and generated types aside) over
// --max lines (80 unless told), longest first, and exits 1 when one is not in the
// allowlist below. `--report 50` only lists those over 50 and exits 0.
// Usage: node web/scripts/long-functions.mjs [--max 80] [--report 50]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../src', import.meta.url));

// Functions still over the limit when the check came in (issue 35.5), by file and name:
// each leaves the list when it is split (the check fails on a name no longer over).
const ALLOWED = new Set([
]);

function argument(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

// A function's name: its own, or the variable, property or export default it is given to.
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && parent.name && !ts.isComputedPropertyName(parent.name)) return parent.name.text;
  if (ts.isCallExpression(parent)) {
    const declaration = parent.parent;
    if (ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name)) return declaration.name.text;
    return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  }
  if (ts.isExportAssignment(parent)) return 'default';
  return '(anonymous)';
}

function functionsIn(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      found.push({ file: path.relative(root, file).split(path.sep).join('/'), name: nameOf(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const max = argument('--max', 80);
const report = argument('--report', null);
const limit = report ?? max;
const all = sources(root).flatMap(functionsIn);
const long = all.filter((fn) => fn.lines > limit).sort((a, b) => b.lines - a.lines);
for (const fn of long) console.log(`${String(fn.lines).padStart(4)}  ${fn.file}:${fn.line}  ${fn.name}`);
console.log(`${long.length} of ${all.length} functions over ${limit} lines.`);
if (report !== null) process.exit(0);
const failing = long.filter((fn) => !ALLOWED.has(`${fn.file} ${fn.name}`));
if (failing.length) {
  console.error(`${failing.length} over ${max} lines: split them (short functions, named components and hooks).`);
  process.exit(1);
}
const stale = [...ALLOWED].filter((key) => !long.some((fn) => `${fn.file} ${fn.name}` === key));
if (stale.length) {
  console.error(`No longer over ${max} lines; take them out of ALLOWED: ${stale.join(', ')}`);
  process.exit(1);
}
