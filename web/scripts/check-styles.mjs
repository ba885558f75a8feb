// Styles live beside the components they style (issue 35.5). web/src/styles holds only the
// global layer (the theme, base, layout, mixins, the prelude each sheet starts with, and
// main.scss); a feature's sheets are in its folder (features/<area>/), the look of shared
// vocabulary beside it in shared/ (shared/ui, shared/members, ...). A sheet's Sass imports stay
// in its own folder, shared/, the global layer or Bootstrap; a TypeScript file imports its own
// feature's sheets, shared/'s, or another
// feature's public sheet (features/<area>/<area>.scss, as eslint.config.js allows). Every
// sheet is imported by something. Prints what is out of place and exits 1.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../src', import.meta.url));
const GLOBAL = ['main.scss', '_theme.scss', '_base.scss', '_layout.scss', '_mixins.scss', '_prelude.scss'];

function files(dir, test) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(file, test);
    return test(entry.name) ? [file] : [];
  });
}

const rel = (file) => path.relative(root, file).split(path.sep).join('/');
// 'features/chat' for a feature's files, 'shared/ui' or 'styles' for the others.
function home(file) {
  const parts = rel(file).split('/');
  return parts[0] === 'features' ? parts.slice(0, 2).join('/') : parts.slice(0, parts[0] === 'shared' ? 2 : 1).join('/');
}

// A Sass @import's file: the partial (_name.scss) or the sheet (name.scss) beside the importer.
function sassTarget(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [`${path.dirname(base)}/_${path.basename(base)}.scss`, `${base}.scss`];
  return candidates.find((file) => existsSync(file)) ?? null;
}

const problems = [];
const sheets = files(root, (name) => name.endsWith('.scss'));
const imported = new Set([path.join(root, 'styles/main.scss')]);

for (const sheet of sheets) {
  const where = home(sheet);
  if (where === 'styles' && !GLOBAL.includes(path.basename(sheet))) {
    problems.push(`${rel(sheet)}: only the global layer lives in styles/; move it beside the components it styles`);
  } else if (where !== 'styles' && !where.startsWith('features/') && !where.startsWith('shared/')) {
    problems.push(`${rel(sheet)}: sheets live in a feature's folder or in shared/`);
  }
  for (const [, specifier] of readFileSync(sheet, 'utf8').matchAll(/^\s*@(?:import|use|forward)\s+'([^']+)'/gm)) {
    if (specifier.startsWith('bootstrap/')) continue;
    const target = sassTarget(sheet, specifier);
    if (!target) {
      problems.push(`${rel(sheet)}: @import '${specifier}' names no file`);
      continue;
    }
    imported.add(target);
    const to = home(target);
    const allowed = to === where || to.startsWith('shared/') || to === 'styles' || rel(sheet) === 'styles/main.scss';
    if (!allowed) problems.push(`${rel(sheet)}: imports ${rel(target)} from another feature; shared looks go to shared/`);
  }
}

for (const source of files(root, (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))) {
  for (const [, specifier] of readFileSync(source, 'utf8').matchAll(/^import '([^']+\.scss)';/gm)) {
    const target = path.resolve(path.dirname(source), specifier);
    if (!existsSync(target)) {
      problems.push(`${rel(source)}: imports ${specifier}, which does not exist`);
      continue;
    }
    imported.add(target);
    const from = home(source);
    const to = home(target);
    const publicSheet = to.startsWith('features/') && path.basename(target) === `${to.split('/')[1]}.scss`;
    if (to !== from && !to.startsWith('shared/') && to !== 'styles' && !publicSheet) {
      problems.push(`${rel(source)}: imports ${rel(target)}, another feature's partial; import its sheet or move the look to shared/`);
    }
  }
}

for (const sheet of sheets) {
  if (!imported.has(sheet)) problems.push(`${rel(sheet)}: imported by nothing`);
}

if (problems.length) {
  console.error(`Styles out of place (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Styles beside their components: ${sheets.length} sheets checked.`);
