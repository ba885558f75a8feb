/**
 * Leaves Bootstrap's utility and helper classes that the app never names out of the
 * global stylesheet (issue 17: they were some 85 KB of the 250 KB that every first page
 * waited for). A PostCSS plugin for the build: between the markers `/*! utilities *\/`
 * and `/*! end utilities *\/` (web/src/styles/main.scss), a selector stays only when each
 * of its classes appears in the app's sources as a word, or starts with the fixed part of
 * a composed name (`text-${tone}` keeps every `text-…`). Everything else is left as is.
 *
 * The sources are read once, when the build starts: web/src (code, catalogs), index.html
 * and react-bootstrap (its components add some classes themselves).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SCANNED = /\.(tsx?|json|html|js)$/;

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return SCANNED.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

export interface ClassNames {
  words: Set<string>;
  prefixes: string[];
}

/** Every word of the sources, and the fixed parts before `${` or `' +` (composed names). */
export function classNamesIn(paths: string[]): ClassNames {
  const words = new Set<string>();
  const prefixes = new Set<string>();
  for (const file of paths.flatMap(files)) {
    const text = readFileSync(file, 'utf8');
    for (const [word] of text.matchAll(/[\w-]+/g)) words.add(word);
    for (const [, prefix] of text.matchAll(/([\w-]+-)(?:\$\{|['"`]\s*\+)/g)) prefixes.add(prefix!);
  }
  return { words, prefixes: [...prefixes] };
}

interface Node {
  type: string;
  text?: string;
  selectors?: string[];
  nodes?: Node[];
  remove(): void;
}

interface Root {
  nodes: Node[];
}

const used = (names: ClassNames, name: string) => names.words.has(name) || names.prefixes.some((prefix) => name.startsWith(prefix));

function keepSelector(names: ClassNames, selector: string): boolean {
  return [...selector.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].every(([, name]) => used(names, name!));
}

/** Drops unused selectors in `node` (a rule, or an at-rule such as @media holding rules). */
function prune(names: ClassNames, node: Node): void {
  if (node.type === 'rule' && node.selectors) {
    const kept = node.selectors.filter((selector) => keepSelector(names, selector));
    if (kept.length === 0) node.remove();
    else if (kept.length < node.selectors.length) node.selectors = kept;
  } else if (node.type === 'atrule' && node.nodes) {
    for (const child of [...node.nodes]) prune(names, child);
    if (node.nodes.length === 0) node.remove();
  }
}

export function unusedUtilities(names: ClassNames) {
  return {
    postcssPlugin: 'amora-unused-utilities',
    Once(root: Root) {
      let inside = false;
      for (const node of [...root.nodes]) {
        if (node.type === 'comment') {
          if (node.text === '! utilities') inside = true;
          else if (node.text === '! end utilities') inside = false;
          else continue;
          node.remove();
        } else if (inside) {
          prune(names, node);
        }
      }
    },
  };
}
