// The import graph of web/src has no circle (issue 18): static and dynamic imports count
// (a circle through the route registry's lazy pages is still a circle; eslint's
// import-x/no-cycle does not follow dynamic imports), type-only imports and tests do not.
// Prints each circle's files and exits 1 when there is one.
import path from 'node:path';
import { circlesOf, importGraph, root } from './importGraph.mjs';

const graph = importGraph();
const circles = circlesOf(graph);

if (circles.length) {
  for (const circle of circles) {
    console.error(`Import circle of ${circle.length} files:\n  ${circle.map((f) => path.relative(root, f)).sort().join('\n  ')}`);
  }
  process.exit(1);
}
console.log(`No import circle in ${graph.size} files.`);
