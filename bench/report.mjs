// Builds the benchmark report from the row files the runners wrote:
//   bench/results/latest.json   {"machine": {...}, "results": [rows]}
//   bench/results/REPORT.md     tables per target in the reference's style, targets checked
//   bench/results/roundtrip.svg, bench/results/size.svg   charts
//   usage: node bench/report.mjs OUT_DIR ROWS_FILE...   (rows: JSON array or one object per line)
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { readGbenchJson } from './native/gbench_json.mjs';

const [outDir, ...files] = process.argv.slice(2);
const quick = process.env.KILN_BENCH_QUICK === '1';

function loadRows(file) {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8').trim();
  if (!text) return [];
  return text.startsWith('[') ? JSON.parse(text) : text.split('\n').map((l) => JSON.parse(l));
}
const rows = files.flatMap(loadRows);
const version = (cmd, args) => {
  try {
    // java -version prints to stderr.
    const r = execFileSync('sh', ['-c', `${cmd} ${args.join(' ')} 2>&1`], { encoding: 'utf8' });
    return r.split('\n')[0];
  } catch {
    return 'not found';
  }
};
// wasm rows by the runtime that ran them: this script's Node (the machine's) first, then the others
// (Node's current LTS line, fetched by scripts/setup.sh bench; headless Chromium). Rows without a
// runtime are this Node's.
const here = `node ${process.version}`;
const runtimeOf = (r) => r.runtime ?? here;
const wasmAll = rows.filter((r) => r.target === 'wasm');
const wasmRuntimes = [...new Set([here, ...wasmAll.map(runtimeOf)])].filter((rt) => wasmAll.some((r) => runtimeOf(r) === rt));
const wasmOn = (rt) => wasmAll.filter((r) => runtimeOf(r) === rt);

// How noisy the machine was during the native run: the median over all Google Benchmark cases of
// the coefficient of variation between a case's repetitions.
function repetitionCv() {
  const file = `${outDir}/gbench-native.json`;
  if (!existsSync(file)) return null;
  const cvs = (readGbenchJson(file).benchmarks ?? [])
    .filter((b) => b.aggregate_name === 'cv' && Number.isFinite(b.real_time))
    .map((b) => b.real_time).sort((a, b) => a - b);
  return cvs.length ? Number(cvs[cvs.length >> 1].toFixed(3)) : null;
}

const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memory_gib: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
  gxx: version('g++', ['--version']),
  emcc: version('em++', ['--version']),
  java: version('java', ['-version']),
  date: new Date().toISOString(),
  wasm_runtimes: wasmRuntimes,
  native_repetition_cv: repetitionCv(),
  quick,
};
// The npm package: tarball size and first loadCore() time (bench/js/package.mjs).
const streams = existsSync(`${outDir}/stream.json`) ? JSON.parse(readFileSync(`${outDir}/stream.json`, 'utf8')) : null;
const npmPackage = existsSync(`${outDir}/package-js.json`) ? JSON.parse(readFileSync(`${outDir}/package-js.json`, 'utf8')) : null;
if (npmPackage) machine.npm_package = npmPackage;
if (streams) machine.streams = streams;
writeFileSync(`${outDir}/latest.json`, JSON.stringify({ machine, results: rows }, null, 1) + '\n');

const WORKLOADS = ['Struct', 'Foo', 'Record', 'TestClass', 'Bulk'];
const fmtNs = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} us` : `${ns.toFixed(1)} ns`);
const ratio = (x) => (x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(1) : x.toFixed(2));
// Size ratios against a two-decimal goal: three decimals, so 0.316 is not shown as "0.32".
const ratio3 = (x) => x.toFixed(3);
const label = (r) => (r.mode && r.mode !== 'default' ? `${r.library} (${r.mode})` : r.library);
// Compatible-mode rows measure the cost of schema evolution, and view rows (strings read as
// views into the message; decoding into fresh objects) ways of reading beside the headline's;
// headlines and targets
// compare the schema-consistent, owning modes with the peers.
const views = (r) => r.library === 'kiln' && (r.mode?.endsWith('-views') || r.mode?.endsWith('-fresh'));
const compatible = (r) => r.library === 'kiln' && (r.mode?.startsWith('compatible') || views(r));
// Messages without a header (the reader is given the writer's options) count for size only:
// times compare messages that say how to read them.
const headerless = (r) => r.library === 'kiln' && r.mode?.endsWith('-noheader');
const headerBytes = (mode) => (mode.endsWith('-noheader') ? 0 : mode.endsWith('-nofingerprint') ? 3 : 7);

function targetRows(target, harness) {
  return rows.filter((r) => r.target === target && (!harness || r.harness === harness || !r.harness));
}

// How many loop runs best_of.mjs merged into these rows.
function loopRuns(list) {
  return Math.max(1, ...list.map((r) => r.runs ?? 1));
}

function table(list) {
  const out = ['| workload | library | serialize | deserialize | round trip | bytes | no codegen |',
    '|---|---|---:|---:|---:|---:|:---:|'];
  for (const w of WORKLOADS) {
    for (const r of list.filter((x) => x.workload === w).sort((a, b) => a.roundtrip_ns - b.roundtrip_ns)) {
      out.push(`| ${w} | ${label(r)} | ${fmtNs(r.ser_ns)} | ${fmtNs(r.de_ns)} | ${fmtNs(r.roundtrip_ns)} | ${r.bytes} | ${r.codegen_free ? 'yes' : 'no'} |`);
    }
  }
  return out.join('\n');
}

// "Kiln is N x the speed and M x the size of X": speed = X's round trip / Kiln's; size = Kiln's
// bytes / X's, for Kiln's faster mode and its smaller mode.
function headline(list, extraPeers = []) {
  const out = [];
  for (const w of WORKLOADS) {
    const kiln = list.filter((r) => r.workload === w && r.library === 'kiln' && !compatible(r));
    if (!kiln.length) continue;
    const fast = kiln.filter((r) => !headerless(r)).reduce((a, b) => (a.roundtrip_ns <= b.roundtrip_ns ? a : b));
    const small = kiln.reduce((a, b) => (a.bytes <= b.bytes ? a : b));
    const peers = [...list, ...extraPeers].filter((r) => r.workload === w && r.library !== 'kiln');
    for (const p of peers.sort((a, b) => a.roundtrip_ns - b.roundtrip_ns)) {
      out.push(`- ${w}: Kiln is **${ratio(p.roundtrip_ns / fast.roundtrip_ns)}x** the speed (${fast.mode}) and ` +
        `**${ratio(small.bytes / p.bytes)}x** the size (${small.mode}) of ${label(p)}`);
    }
  }
  return out.join('\n');
}

const native = targetRows('native', 'gbench');
const nativeLoop = rows.filter((r) => r.target === 'native' && r.harness === 'loop');
const wasm = wasmOn(here);
const js = targetRows('js');
const jdk = rows.filter((r) => r.library === 'jdk');

// Checks of the targets, each with the numbers it used.
const checks = [];
const find = (list, w, lib, mode) => list.find((r) => r.workload === w && r.library === lib && (!mode || r.mode === mode));
// Two rows of one harness are compared on their fastest samples where the harness records them
// (fastest_ns): this machine's throughput swings by up to 1.7x for seconds at a time, and the
// medians of two cases can come from different states, while both fastest samples come from the
// fast one. Rows of different harnesses (JDK's, wasm against native) keep their own statistics.
const fastRt = (r) => r.fastest_ns?.roundtrip ?? r.roundtrip_ns;
const fastest = (list) => list.reduce((a, b) => (!a || fastRt(b) < fastRt(a) ? b : a), null);
const versus = (a, b) => (a.fastest_ns || b.fastest_ns ? 'fastest samples ' : '') +
  `${fmtNs(fastRt(a))} vs ${fmtNs(fastRt(b))} (${(fastRt(a) / fastRt(b)).toFixed(2)}x)` +
  (a.fastest_ns || b.fastest_ns
    ? `; medians ${fmtNs(a.roundtrip_ns)} vs ${fmtNs(b.roundtrip_ns)} (${(a.roundtrip_ns / b.roundtrip_ns).toFixed(2)}x)`
    : '');
const kilnRows = (list, w) => list.filter((r) => r.workload === w && r.library === 'kiln' && !compatible(r) && !headerless(r));
const kilnBest = (list, w) => kilnRows(list, w).reduce((a, b) => (!a || b.roundtrip_ns < a.roundtrip_ns ? b : a), null);
function check(name, ok, detail) {
  checks.push(`| ${ok === null ? 'n/a' : ok ? 'met' : '**not met**'} | ${name} | ${detail} |`);
}
{
  const k = fastest(kilnRows(native, 'Struct'));
  const floor = find(native, 'Struct', 'memcpy');
  if (k && floor) check('native Struct round trip within 4x of memcpy', fastRt(k) <= 4 * fastRt(floor), versus(k, floor));
  for (const w of ['Struct', 'Foo', 'Record', 'TestClass']) {
    const kk = fastest(kilnRows(native, w));
    const peers = native.filter((r) => r.workload === w && r.library !== 'kiln' && r.library !== 'memcpy');
    if (!kk || !peers.length) {
      check(`native ${w} faster than every peer`, null, kk ? 'no peer rows' : 'no Kiln row (see notes)');
      continue;
    }
    const best = fastest(peers);
    check(`native ${w} faster than every peer`, fastRt(kk) < fastRt(best),
      `Kiln (${kk.mode}) against the fastest peer, ${label(best)}: ${versus(kk, best)}`);
  }
  for (const [w, goal] of [['Struct', 100], ['Foo', 25]]) {
    const kk = kilnBest(native, w);
    const j = find(jdk, w, 'jdk');
    if (kk && j) check(`native ${w} >= ${goal}x JDK serialization speed`, j.roundtrip_ns / kk.roundtrip_ns >= goal,
      `${ratio(j.roundtrip_ns / kk.roundtrip_ns)}x (JDK ${fmtNs(j.roundtrip_ns)})`);
    else check(`native ${w} >= ${goal}x JDK serialization speed`, null, 'no JDK rows (no javac)');
  }
  // Struct "with compression": any compressed mode; the report names the one measured and, when
  // that one has a shorter header than the default, also gives the default's size.
  const compressedModes = ['compressed', 'compressed-nofingerprint', 'compressed-noheader'];
  for (const [w, goal, modes] of [['Struct', 0.32, compressedModes], ['Foo', 0.45, null], ['TestClass', 0.5, null]]) {
    const ks = native.filter((r) => r.workload === w && r.library === 'kiln' && !compatible(r) && (!modes || modes.includes(r.mode)));
    const j = find(jdk, w, 'jdk');
    if (!ks.length || !j) {
      check(`${w} size <= ${goal}x JDK`, null, !ks.length ? 'no Kiln row' : 'no JDK row');
      continue;
    }
    const small = ks.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    const withFp = ks.filter((r) => headerBytes(r.mode) === 7);
    const fp = withFp.length && headerBytes(small.mode) < 7 ? Math.min(...withFp.map((r) => r.bytes)) : null;
    check(`${w} size <= ${goal}x JDK`, small.bytes <= goal * j.bytes,
      `${small.bytes} B vs ${j.bytes} B (${ratio3(small.bytes / j.bytes)}x, ${small.mode})` +
      (fp ? `; ${fp} B (${ratio3(fp / j.bytes)}x) with the default 7-byte header` : ''));
  }
  // Kiln's smallest schema-consistent message against every peer's (native and JS peers: sizes
  // are the format's, the same on every target). Formats whose bytes mean nothing without the
  // schema may be smaller; then, and for any other smaller peer, the row says where the bytes go.
  // (msgpackr's shared structures are kept out of band, like a schema.)
  const schemaOnly = (p) => /^(avsc|protobuf|flatbuffers)/.test(p.library) || p.library.includes('shared structures');
  for (const w of WORKLOADS) {
    const ks = native.filter((r) => r.workload === w && r.library === 'kiln' && !compatible(r));
    const peers = [...native, ...js].filter((r) => r.workload === w && r.library !== 'kiln' &&
      r.library !== 'memcpy');
    if (!ks.length || !peers.length) continue;
    const small = ks.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    const smaller = peers.filter((p) => p.bytes < small.bytes);
    const head = headerBytes(small.mode);
    const why = (p) => `${label(p)}${p.target === 'js' ? ' (JS)' : ''} ${p.bytes} B` +
      (schemaOnly(p) ? ', schema-only' : '') +
      (head && small.bytes - head <= p.bytes ? `: Kiln's body is ${small.bytes - head} B, plus its ${head}-byte header` : '');
    const best = peers.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    check(`${w} smaller than every peer except schema-only formats`,
      smaller.every(schemaOnly),
      `Kiln ${small.bytes} B (${small.mode}); ` +
      (smaller.length ? `smaller: ${smaller.map(why).join('; ')}` : `smallest peer ${label(best)} ${best.bytes} B`));
  }
  // Compatible mode against schema-consistent mode with the same number mode.
  for (const w of ['Struct', 'Foo']) {
    for (const [mode, base] of [['compatible', 'fixed'], ['compatible-compressed', 'compressed']]) {
      const c = find(native, w, 'kiln', mode);
      const b = find(native, w, 'kiln', base);
      if (!c || !b) continue;
      check(`native ${w} ${mode} round trip within 1.5x of ${base}`, fastRt(c) <= 1.5 * fastRt(b),
        `${versus(c, b)}; ${c.bytes} B vs ${b.bytes} B (+${c.bytes - b.bytes} B type table)`);
    }
  }
  for (const rt of wasmRuntimes) {
    const list = wasmOn(rt);
    for (const w of WORKLOADS) {
      const n = nativeLoop.filter((r) => r.workload === w && r.library === 'kiln');
      const m = list.filter((r) => r.workload === w && r.library === 'kiln');
      if (!n.length || !m.length) continue;
      const worst = Math.max(...m.map((x) => x.roundtrip_ns / (n.find((y) => y.mode === x.mode)?.roundtrip_ns ?? Infinity)));
      // The peers compiled to wasm in the same run, for scale: what the platform costs others.
      const peers = list
        .filter((r) => r.workload === w && r.library !== 'kiln' && r.library !== 'memcpy')
        .map((r) => r.roundtrip_ns / (nativeLoop.find((y) => y.workload === w && y.library === r.library && y.mode === r.mode)?.roundtrip_ns ?? NaN))
        .filter((x) => Number.isFinite(x));
      const scale = peers.length ? `; peers in the same run ${Math.min(...peers).toFixed(2)}x to ${Math.max(...peers).toFixed(2)}x` : '';
      check(`wasm/native time ratio <= 1.5x, ${w}, ${rt}`, worst <= 1.5, `${worst.toFixed(2)}x (worst mode, same loop harness${scale})`);
    }
  }
  // Types declared in JS (kiln-sdk's struct, ...) against the codecs generated from C++.
  for (const w of ['Struct', 'Foo', 'Record']) {
    const schema = find(js, w, 'kiln', 'schema');
    const gen = find(js, w, 'kiln', 'fixed');
    if (!schema || !gen) continue;
    check(`JS-declared schema within 1.3x of the generated codec, ${w} round trip`, fastRt(schema) <= 1.3 * fastRt(gen),
      `${versus(schema, gen)}`);
    const avsc = find(js, w, 'avsc');
    if (w === 'Struct' && avsc) check('JS-declared schema faster than avsc, Struct round trip', fastRt(schema) < fastRt(avsc), versus(schema, avsc));
  }
  for (const w of ['Struct', 'Foo']) {
    const kk = fastest(kilnRows(js, w));
    const peers = js.filter((r) => r.workload === w && r.library !== 'kiln');
    if (!kk || !peers.length) continue;
    const bestFree = fastest(peers.filter((r) => r.codegen_free));
    const best = fastest(peers);
    if (bestFree) check(`JS ${w} round trip faster than every codegen-free peer`, fastRt(kk) < fastRt(bestFree),
      `${label(kk)} against the fastest codegen-free peer, ${label(bestFree)}: ${versus(kk, bestFree)}`);
    check(`JS ${w} within 1.5x of the fastest peer`, fastRt(kk) <= 1.5 * fastRt(best),
      `${label(kk)} against ${label(best)}: ${versus(kk, best)}`);
  }
}

// Charts: round-trip time (log scale) and size per workload, one panel per target.
function chart(metric, title, unit, log) {
  const panels = [['native', native], ['wasm', wasm], ['js', js]].filter(([, l]) => l.length);
  const libs = [...new Set(rows.filter((r) => r.target !== 'jvm').map(label))].sort((a, b) =>
    (b.startsWith('kiln') - a.startsWith('kiln')) || a.localeCompare(b));
  // Kiln in strong reds; peers in distinct cool and neutral colours.
  const palette = ['#c92a2a', '#ff8787', '#1971c2', '#2f9e44', '#7048e8', '#e8590c', '#0c8599', '#5c940d',
    '#495057', '#f59f00', '#364fc7', '#a61e4d', '#087f5b', '#862e9c', '#868e96', '#74c0fc', '#94d82d',
    '#212529', '#e599f7', '#ffd43b'];
  const color = Object.fromEntries(libs.map((l, i) => [l, palette[i % palette.length]]));
  const W = 980, panelH = 200, top = 40, left = 70, barArea = W - left - 200;
  const H = top + panels.length * (panelH + 40) + 20;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">\n`;
  svg += `<rect width="${W}" height="${H}" fill="white"/><text x="${W / 2}" y="22" text-anchor="middle" font-size="15">${title}</text>\n`;
  panels.forEach(([name, list], pi) => {
    const y0 = top + pi * (panelH + 40);
    const ws = WORKLOADS.filter((w) => list.some((r) => r.workload === w));
    const vals = list.map((r) => r[metric]).filter((v) => v > 0);
    const max = Math.max(...vals), min = Math.min(...vals);
    const scale = (v) => (log ? (Math.log10(v) - Math.log10(min / 2)) / (Math.log10(max * 1.2) - Math.log10(min / 2)) : v / (max * 1.1));
    svg += `<text x="8" y="${y0 + 14}" font-size="13" font-weight="bold">${name}</text>\n`;
    svg += `<line x1="${left}" y1="${y0 + panelH}" x2="${left + barArea}" y2="${y0 + panelH}" stroke="#999"/>\n`;
    const groupW = barArea / ws.length;
    ws.forEach((w, wi) => {
      const group = list.filter((r) => r.workload === w).sort((a, b) => libs.indexOf(label(a)) - libs.indexOf(label(b)));
      const bw = Math.max(2, (groupW - 10) / group.length);
      group.forEach((r, i) => {
        const h = Math.max(1, scale(r[metric]) * (panelH - 20));
        const x = left + wi * groupW + 5 + i * bw;
        svg += `<rect x="${x.toFixed(1)}" y="${(y0 + panelH - h).toFixed(1)}" width="${(bw - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="${color[label(r)]}"><title>${label(r)} ${w}: ${metric === 'bytes' ? r.bytes + ' B' : fmtNs(r[metric])}</title></rect>\n`;
      });
      svg += `<text x="${left + wi * groupW + groupW / 2}" y="${y0 + panelH + 14}" text-anchor="middle">${w}</text>\n`;
    });
    svg += `<text x="8" y="${y0 + 30}" fill="#666">${log ? 'log ' : ''}${unit}</text>\n`;
  });
  libs.forEach((l, i) => {
    svg += `<rect x="${W - 190}" y="${top + i * 16}" width="10" height="10" fill="${color[l]}"/><text x="${W - 175}" y="${top + i * 16 + 9}">${l}</text>\n`;
  });
  return svg + '</svg>\n';
}
writeFileSync(`${outDir}/roundtrip.svg`, chart('roundtrip_ns', 'Round trip time per workload (lower is better, log scale)', 'time', true));
writeFileSync(`${outDir}/size.svg`, chart('bytes', 'Serialized size per workload (lower is better, log scale)', 'bytes', true));

const md = [];
md.push('# Kiln benchmark report', '');
md.push(`Produced by \`npm run bench${quick ? ' -- --quick' : ''}\` on ${machine.date.slice(0, 10)}.` +
  (quick ? ' **Quick run: few repetitions, numbers are only a smoke test.**' : ''), '');
md.push('Machine: ' + `${machine.cpu}, ${machine.cores} cores, ${machine.memory_gib} GiB, ${machine.os}; ` +
  `${machine.gxx}; ${machine.emcc}; Node ${machine.node}; ${machine.java}.`, '');
md.push('Times are medians of repetitions (natively 9 of about 55 ms each); each target was measured in one run with its peers, so compare ' +
  'ratios within a table rather than absolute times (a shared 2-core machine is noisy). Natively the ' +
  "repetitions of all cases run in random interleaved order (Google Benchmark's " +
  '`--benchmark_enable_random_interleaving`), so a disturbance during the run lands on every library ' +
  'rather than on a block of cases. Round trip is ' +
  '`x = deserialize(serialize(x))`, as in the reference benchmark. Sizes in bytes.', '');
md.push('![round trip](roundtrip.svg)', '', '![size](size.svg)', '');
md.push('## Targets', '',
  'Two rows of one harness are compared on their fastest samples (Google Benchmark repetitions, ' +
  'JavaScript rounds): this machine\'s throughput swings by up to 1.7x for seconds at a time, so ' +
  'the medians of two cases can come from different states, while both fastest samples come from ' +
  'the fast one. The medians are shown beside them, and the tables below give medians. wasm against ' +
  'native compares the best of the loop runs; JDK\'s rows, from their own harness, are compared on medians.',
  '', '| status | target | measured |', '|---|---|---|', ...checks, '');
const cv = machine.native_repetition_cv;
md.push('## Native (Google Benchmark, one binary, g++ -O3)', '',
  ...(cv === null ? [] : [`Noise: the repetitions of a case varied by ${(cv * 100).toFixed(0)}% (median ` +
    'coefficient of variation over all cases; `machine.native_repetition_cv` in latest.json). A quiet ' +
    'run of this machine gives about 5%; well above that, read the native ratios with a margin.', '']),
  headline(native, jdk), '', table([...native, ...jdk]), '');
const viewRows = [];
for (const w of ['Foo', 'Record', 'Bulk']) {
  for (const [base, owning, viewing] of [['fixed', 'fixed', 'fixed-views'], ['compressed', 'compressed', 'compressed-views'],
    ['fixed, fresh object', 'fixed-fresh', 'fixed-views-fresh']]) {
    const v = find(native, w, 'kiln', viewing);
    const o = find(native, w, 'kiln', owning);
    if (!v || !o) continue;
    const de = (r) => r.fastest_ns?.de ?? r.de_ns;
    viewRows.push(`| ${w} | ${base} | ${fmtNs(de(o))} | ${fmtNs(de(v))} | ${(de(o) / de(v)).toFixed(2)}x |`);
  }
}
if (viewRows.length) {
  md.push('## Views (native)', '',
    'Deserialize, fastest repetitions: owning strings (`std::string`) against `std::string_view` ' +
    'fields that point into the message (the same bytes; `FooView`, `RecordView` in ' +
    'tests/workloads/views.hpp), into a reused object (the other tables\' convention) and into a ' +
    'fresh one each time (the old one destroyed in the timed region).', '',
    '| workload | decode | owning | views | speed-up |', '|---|---|---:|---:|---:|', ...viewRows, '');
}
md.push(`## wasm (em++ -O3 under ${here}, steady-clock loop) and the same loop natively`, '',
  `The native and wasm loops ran alternately, ${loopRuns(wasm)} times each; each time below is the best of its ` +
  'runs, so the wasm/native ratios compare the two targets under like conditions. This machine\'s ' +
  'throughput swings by up to 1.7x for stretches of a fraction of a second to a few seconds: every ' +
  'case running then, Kiln and peers alike, takes that much longer, while a chain of dependent ' +
  'multiplies slows by only 25%, which points to another tenant sharing the core. A short run can ' +
  'fall wholly in a slow stretch, and several runs keep one such run from deciding the ratios. Within a run, every ' +
  'case is timed in 3 passes over all cases, each pass the median of 5 rounds of about 10 ms, and ' +
  'the fastest pass counts: each case then has samples spread over the whole run, where this ' +
  "machine's bursts of 2x slowdown, seconds long, could otherwise cover all of one case's rounds.", '',
  table(wasm), '');
for (const rt of wasmRuntimes.filter((x) => x !== here)) {
  const where = rt.startsWith('chromium')
    ? 'in a page of headless Chromium (the V8 of the browser; `bench/loop/chromium.mjs`). The page ' +
      'is cross-origin isolated, so `performance.now()`, the clock behind the loop, has 5 us ' +
      'resolution; rounds last 10 ms. It ran'
    : "on Node's current LTS line (a newer V8). It ran";
  md.push(`### The same wasm under ${rt}`, '',
    `The same wasm file, ${where} in the same alternation, ${loopRuns(wasmOn(rt))} times; best of its runs.`,
    '', table(wasmOn(rt)), '');
}
md.push('### Same loop, native', '', table(nativeLoop), '');
md.push('## JavaScript API (Node)', '', headline(js), '', table(js), '');
md.push("Kiln's `fixed` and `compressed` rows decode 64-bit integers as numbers (`int64: 'number'`), " +
  'so they return the same objects as the peers; `compressed-bigint` is the default, exact BigInts. ' +
  'TestClass is written with reference tracking and shared strings (`generic`: `trackReferences`). ' +
  "Kiln's rows write with `serializeView` (no copy: the bytes are used before the next call, as " +
  "msgpackr's `pack` returns a view of its own buffer); the `-owned` rows use `serialize`, whose " +
  'result owns exactly its bytes, and show the cost of that copy: a new ArrayBuffer per message, ' +
  'which V8 allocates outside its heap above 64 bytes.', '');
{
  const tc = js.filter((r) => r.workload === 'TestClass' && r.keeps_identity !== undefined);
  if (tc.length) {
    const keep = [...new Set(tc.filter((r) => r.keeps_identity).map(label))];
    const copy = [...new Set(tc.filter((r) => !r.keeps_identity).map(label))];
    md.push(`TestClass reaches one object through two fields. Kept as one object: ${keep.join(', ') || 'none'}. ` +
      `Returned as two copies (the shared object written twice): ${copy.join(', ') || 'none'}.`, '');
  }
}
md.push('"no codegen": the library ran its round trips in a Node process started with ' +
  '`--disallow-code-generation-from-strings` (the same restriction as a page without `unsafe-eval`).', '');
if (streams) {
  const n = (x) => Math.round(x).toLocaleString('en-US');
  md.push('## Streams over localhost', '',
    `The C++ example server (\`examples/server\`, Boost.Beast) sends ${n(streams.counts.struct)} Struct or ` +
    `${n(streams.counts.foo)} Foo messages as one chunked HTTP response: Kiln frames (compressed numbers) or JSON ` +
    'lines (Boost.JSON), over the same socket. Node reads them with `fetch` and `readMessages` (or `JSON.parse` per ' +
    'line), the page in headless Chromium the same way; the server makes each message as it sends it. ' +
    `${streams.rounds} rounds, each running every case once; rates are medians over rounds, "Kiln/JSON" the median ` +
    `of per-round ratios of messages per second, with its range. Measured ${streams.date.slice(0, 10)} ` +
    '(`bench/stream/run.mjs`, `stream.json`).', '',
    '| reader | messages | Kiln msg/s | Kiln MB/s | JSON msg/s | JSON MB/s | bytes Kiln / JSON | Kiln/JSON speed |',
    '|---|---|---|---|---|---|---|---|');
  for (const s of streams.summary) {
    md.push(`| ${s.runtime} | ${s.kind === 'struct' ? 'Struct' : 'Foo'} | ${n(s.kiln.msgs_per_s)} | ${s.kiln.mb_per_s.toFixed(1)} | ` +
      `${n(s.json.msgs_per_s)} | ${s.json.mb_per_s.toFixed(1)} | ${(s.kiln.bytes / s.json.bytes).toFixed(2)} | ` +
      `${s.speedup.median.toFixed(2)}x (${s.speedup.min.toFixed(2)}-${s.speedup.max.toFixed(2)}) |`);
  }
  md.push('');
}
if (npmPackage) {
  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  md.push('## npm package', '',
    `\`${npmPackage.name}@${npmPackage.version}\` (\`npm pack\` of \`js/\`): ${kb(npmPackage.packed_bytes)} packed, ` +
    `${kb(npmPackage.unpacked_bytes)} unpacked, ${npmPackage.files} files; the wasm core alone (\`kiln_core.wasm\`) is ` +
    `${kb(npmPackage.core_module_bytes)}. The first \`loadCore()\` (importing the core's modules, reading and ` +
    `compiling the wasm) took ${npmPackage.load_core_ms} ms under Node ${npmPackage.node}, the median of ` +
    `${npmPackage.load_core_runs} fresh processes (\`machine.npm_package\` in latest.json).`, '');
}
writeFileSync(`${outDir}/REPORT.md`, md.join('\n') + '\n');
console.log(`[report] ${rows.length} rows -> ${outDir}/REPORT.md, latest.json, roundtrip.svg, size.svg`);
