// Figures of the web app's shape (issue 35.5): how tied its features are to one another.
//
// - cross-feature imports: imports from a file of web/src/features/<x> into
//   web/src/features/<y> (type-only imports included: they tie x to y all the same),
//   in the app's files and, apart, in its tests;
// - folder-level circles: the feature folders as nodes and their runtime imports as
//   arrows (as web/scripts/check-cycles.mjs reads them); every circle, with its size.
//
// Run: node tools/web_figures.mjs [--list] [--json]. --list prints each feature pair with
// its count and files.
import path from 'node:path';
import { circlesOf, crossFeatureImports, featureGraph, importGraph, root } from '../web/scripts/importGraph.mjs';

const args = new Set(process.argv.slice(2));

const appImports = crossFeatureImports(importGraph({ types: true }));
const testImports = crossFeatureImports(importGraph({ tests: true, types: true })).filter(({ file }) => /\.test\.tsx?$/.test(file));
const circles = circlesOf(featureGraph(importGraph())).map((circle) => circle.sort());

const figures = {
  crossFeatureImports: appImports.length,
  crossFeatureImportsInTests: testImports.length,
  featuresImportingFeatures: new Set(appImports.map(({ from }) => from)).size,
  featuresInCircles: circles.reduce((sum, circle) => sum + circle.length, 0),
  circles,
};

if (args.has('--json')) {
  console.log(JSON.stringify(figures, null, 2));
} else {
  console.log(`cross-feature imports: ${figures.crossFeatureImports} (tests: ${figures.crossFeatureImportsInTests})`);
  console.log(`features importing another feature: ${figures.featuresImportingFeatures}`);
  console.log(`feature folders in a circle: ${figures.featuresInCircles}`);
  for (const circle of circles) console.log(`  circle of ${circle.length}: ${circle.join(' ')}`);
}

if (args.has('--list')) {
  const pairs = new Map();
  for (const item of [...appImports, ...testImports]) {
    const key = `${item.from} -> ${item.to}`;
    if (!pairs.has(key)) pairs.set(key, []);
    pairs.get(key).push(`${path.relative(root, item.file)} -> ${path.relative(root, item.target)}`);
  }
  for (const [pair, files] of [...pairs].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`${pair}: ${files.length}`);
    for (const file of files) console.log(`    ${file}`);
  }
}
