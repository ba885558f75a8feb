// The import graph of web/src has no circle (issue 18): static and dynamic imports count
// (a circle through the route registry's lazy pages is still a circle; eslint's
// import-x/no-cycle does not follow dynamic imports), type-only imports and tests do not.
// Nor has the graph of its feature folders (issue 35.5): with features/<x> as one node,
// no feature reaches back to itself through others (ESLint forbids feature-to-feature
// imports; this also catches what suppressions let through).
// Prints each circle and exits 1 when there is one.
import path from 'node:path';
import { circlesOf, featureGraph, importGraph, root } from './importGraph.mjs';

const graph = importGraph();
const circles = circlesOf(graph);
const folderCircles = circlesOf(featureGraph(graph));

for (const circle of circles) {
  console.error(`Import circle of ${circle.length} files:\n  ${circle.map((f) => path.relative(root, f)).sort().join('\n  ')}`);
}
for (const circle of folderCircles) {
  console.error(`Circle of ${circle.length} feature folders: ${circle.sort().join(' ')}`);
}
if (circles.length || folderCircles.length) process.exit(1);
console.log(`No import circle in ${graph.size} files, nor between feature folders.`);
