#!/usr/bin/env node
// Differential fuzzing of the JS decoders against the C++ core (docs/FUZZING.md):
//   node tests/differential/differential.mjs [--inputs N] [--seed S] [--out summary.json]
//        [--differences FILE] [--native PATH]
// Needs build/native/tests/kiln_verdicts (scripts/build.sh native). Prints a progress line
// about every 10 s and each difference (input hex, decoder, both verdicts), appends differences
// to FILE (default build/differential/differences.txt) as JSON lines, writes the summary to
// --out, and exits 1 if any difference was found.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { NATIVE_PROGRAM, runDifferential } from './run.mjs';

const { values: args } = parseArgs({
  options: {
    inputs: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    differences: { type: 'string', default: 'build/differential/differences.txt' },
    native: { type: 'string', default: NATIVE_PROGRAM },
  },
});

const inputs = Number(args.inputs);
const seed = Number(args.seed);
mkdirSync(dirname(args.differences), { recursive: true });
let lastReport = Date.now();
const line = (s) => `${s.inputs} inputs, ${s.decodes} decodes, ${Math.round(s.inputs / Math.max(s.seconds, 0.001))} inputs/s, ` +
  `${s.differences} differences`;

console.log(`[differential] ${inputs} inputs, seed ${seed}, native ${args.native}`);
const summary = await runDifferential({
  inputs, seed, program: args.native,
  onDifference(d) {
    const cut = (s) => (s.length > 300 ? `${s.slice(0, 300)}...` : s);
    console.log(`[differential] DIFFERENCE ${d.decoder} on a mutant of ${d.seed} (generation ${d.generation}, ` +
      `read flags ${d.flags}):\n  input  ${cut(d.input)}\n  C++    ${cut(d.native)}\n  JS     ${cut(d.js)}` +
      `${d.jsDetail ? ` (${d.jsDetail})` : ''}`);
    appendFileSync(args.differences, `${JSON.stringify(d)}\n`);
  },
  onProgress(s) {
    if (Date.now() - lastReport < 10000) return;
    lastReport = Date.now();
    console.log(`[differential] ${line(s)}`);
  },
});
console.log(`[differential] done: ${line(summary)}, ${summary.seconds.toFixed(1)} s`);
if (Object.keys(summary.excluded).length) console.log(`[differential] excluded by rule: ${JSON.stringify(summary.excluded)}`);
if (args.out) {
  mkdirSync(dirname(args.out), { recursive: true });
  writeFileSync(args.out, `${JSON.stringify(summary, null, 2)}\n`);
}
process.exitCode = summary.differences ? 1 : 0;
