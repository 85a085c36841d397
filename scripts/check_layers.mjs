#!/usr/bin/env node
// Checks core/'s includes against the layer order in docs/ARCHITECTURE.md (the table after the
// "layer-order" marker, lowest layer first): a file may include files of its own layer or of a
// lower one, never of a higher one; every file belongs to exactly one layer; and no include cycle
// runs between files. Prints each violation and exits 1 if there is any.
//   usage: node scripts/check_layers.mjs [repo root]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.argv[2] ?? new URL('..', import.meta.url).pathname;
const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');

// The table rows after the marker: | n | layer | paths (comma-separated, in backticks) | ... |
function readLayers() {
  const at = doc.indexOf('<!-- layer-order -->');
  if (at < 0) throw new Error('docs/ARCHITECTURE.md has no <!-- layer-order --> table');
  const layers = [];
  for (const line of doc.slice(at).split('\n').slice(1)) {
    if (!line.startsWith('|')) { if (layers.length) break; else continue; }
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (!/^\d+$/.test(cells[0])) continue;  // header or separator row
    const paths = [...cells[2].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    layers.push({ rank: Number(cells[0]), name: cells[1], paths });
  }
  return layers;
}

// A path pattern is a folder (ends with /: every file below it) or one file.
function layerOf(file, layers) {
  let best = null, bestLen = -1;
  for (const l of layers)
    for (const p of l.paths)
      if ((p.endsWith('/') ? file.startsWith(p) : file === p) && p.length > bestLen) {
        best = l; bestLen = p.length;
      }
  return best;
}

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (/\.(hpp|cpp)$/.test(name)) out.push(relative(root, p));
  }
  return out;
}

const layers = readLayers();
const files = walk(join(root, 'core'));
const problems = [];
const edges = new Map();
for (const file of files) {
  const from = layerOf(file, layers);
  if (!from) { problems.push(`${file}: in no layer of docs/ARCHITECTURE.md`); continue; }
  const targets = [];
  readFileSync(join(root, file), 'utf8').split('\n').forEach((line, i) => {
    const m = /^\s*#\s*include\s+"(kiln\/[^"]+)"/.exec(line);
    if (!m) return;
    const target = `core/${m[1]}`;
    targets.push(target);
    const to = layerOf(target, layers);
    if (!to) problems.push(`${file}:${i + 1}: includes ${m[1]}, which is in no layer`);
    else if (to.rank > from.rank)
      problems.push(`${file}:${i + 1}: includes ${m[1]}: layer ${from.rank} ${from.name} ` +
                    `reaches up to layer ${to.rank} ${to.name}`);
  });
  edges.set(file, targets);
}

// Include cycles between files (depth-first search; each cycle reported once by its members).
const state = new Map();
const seen = new Set();
function visit(f, stack) {
  state.set(f, 1); stack.push(f);
  for (const t of edges.get(f) ?? []) {
    if (state.get(t) === 1) {
      const cycle = stack.slice(stack.indexOf(t));
      const key = [...cycle].sort().join(' ');
      if (!seen.has(key)) { seen.add(key); problems.push(`include cycle: ${[...cycle, t].join(' -> ')}`); }
    } else if (!state.has(t) && edges.has(t)) visit(t, stack);
  }
  stack.pop(); state.set(f, 2);
}
for (const f of files) if (!state.has(f)) visit(f, []);

for (const p of problems) console.log(p);
console.log(`[layers] ${files.length} files in ${layers.length} layers: ` +
            `${problems.length ? problems.length + ' problems' : 'every include runs down the layer order, no cycles'}`);
process.exit(problems.length ? 1 : 0);
