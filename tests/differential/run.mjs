// The differential fuzzing loop: mutates seeds, sends each input to the native verdict program
// (kiln_verdicts, one long-running process fed in batches) and to the JS decoders, and compares
// the verdicts. Inputs the C++ core accepts join a pool of seeds, so mutations reach past the
// first error of a damaged message.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DECODERS, TIGHT, jsVerdict, parseNative, agree } from './decoders.mjs';
import { makeRandom, mutate } from './mutate.mjs';
import { loadSeeds } from './seeds.mjs';

export const NATIVE_PROGRAM = fileURLToPath(new URL('../../build/native/tests/kiln_verdicts', import.meta.url));
export const nativeProgramBuilt = () => existsSync(NATIVE_PROGRAM);

const BATCH = 1000;
const POOL = 4096;
const OTHER_DECODER = 0.1; // chance of also trying a decoder the seed is not meant for
const TIGHT_SHARE = 0.25; // chance of reading an input with a tight allocation budget (TIGHT)

/** The native program as a function from a batch of cases to their verdict lines. */
function startNative(program) {
  const child = spawn(program, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  let text = '';
  let waiting = null; // { count, resolve }: the batch being answered
  const lines = [];
  const settle = () => {
    if (waiting && lines.length >= waiting.count) {
      const { count, resolve } = waiting;
      waiting = null;
      resolve(lines.splice(0, count));
    }
  };
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    text += chunk;
    const parts = text.split('\n');
    text = parts.pop();
    lines.push(...parts);
    settle();
  });
  const failed = new Promise((_, reject) => {
    child.on('exit', (code, signal) => reject(new Error(`kiln_verdicts exited (${signal ?? code})`)));
    child.on('error', reject);
  });
  failed.catch(() => {});
  return {
    send(cases) {
      const size = 4 + cases.reduce((n, c) => n + 7 + c.bytes.length, 0);
      const buf = Buffer.alloc(size);
      buf.writeUInt32LE(cases.length, 0);
      let at = 4;
      for (const c of cases) {
        buf.writeUInt8(c.decoder.native, at);
        buf.writeUInt16LE(c.decoder.nativeFlags ? c.decoder.nativeFlags(c.flags) : c.flags, at + 1);
        buf.writeUInt32LE(c.bytes.length, at + 3);
        buf.set(c.bytes, at + 7);
        at += 7 + c.bytes.length;
      }
      child.stdin.write(buf);
      return Promise.race([new Promise((resolve) => {
        waiting = { count: cases.length, resolve };
        settle();
      }), failed]);
    },
    stop() {
      child.stdin.end();
    },
  };
}

// Verdict pairs the JS and C++ sides give differently by design, each named by its reason;
// null for any other pair (a difference).
export function knownDifference(decoder, js, cpp) {
  // A reader option the type cannot take (a header-less reader told compatible mode, for a type
  // with no type table) is not a fault of the bytes: JS reports it with no offset, C++ at 0.
  if (js.err === 'UnsupportedOption null' && cpp.err === 'UnsupportedOption 0') return 'UnsupportedOption has no offset in JS';
  // JS reads an f32 into a number, a double: the conversion sets a signaling NaN's quiet bit
  // (bit 22, 0x40 of the float's third byte), so it is written back quiet (FORMAT.md 5.1).
  if (js.ok !== undefined && cpp.ok !== undefined && quietedNaNs(js.ok, cpp.ok)) return 'f32 signaling NaN comes back quiet in JS';
  // A weak_ptr whose object no shared_ptr in the message owns (announced and never filled, or
  // written through the weak_ptr by an older writer): C++ finds it expired after decoding
  // (FORMAT.md 5.11), JS keeps the object.
  if (decoder.weakFields && js.ok !== undefined && cpp.ok !== undefined && unownedExpired(decoder, js.value) === cpp.ok) {
    return 'weak_ptr to an unowned object: expired in C++, kept in JS';
  }
  return null;
}

// The JS value re-encoded with every weak pointer to an object no owning pointer reaches from
// the root set to null, as C++ expires it.
function unownedExpired(decoder, value) {
  const weak = decoder.weakFields;
  const owned = new Set();
  const own = (v) => {
    if (v === null || typeof v !== 'object' || owned.has(v)) return;
    owned.add(v);
    for (const k of Object.keys(v)) if (!weak.has(k)) own(v[k]);
  };
  own(value);
  for (const v of owned) for (const k of weak) if (v[k] !== undefined && v[k] !== null && !owned.has(v[k])) v[k] = null;
  try {
    return decoder.encode(value);
  } catch {
    return null;
  }
}

// Whether two re-encodings differ only in quiet bits JS set: each differing byte by 0x40 alone,
// set on the JS side, in a float whose exponent is all ones (a NaN).
function quietedNaNs(jsHex, cppHex) {
  if (jsHex.length !== cppHex.length) return false;
  const js = Buffer.from(jsHex, 'hex');
  const cpp = Buffer.from(cppHex, 'hex');
  for (let i = 0; i < js.length; i++) {
    if (js[i] === cpp[i]) continue;
    const nan = i >= 2 && i + 1 < js.length && (js[i + 1] & 0x7f) === 0x7f && (js[i] & 0x80);
    if ((js[i] ^ cpp[i]) !== 0x40 || !(js[i] & 0x40) || !nan) return false;
  }
  return true;
}

const hexOf = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex');
const show = (v) => v.err ?? (v.ok !== undefined ? `ok ${v.ok}` : v.wrerr !== undefined ? `write error ${v.wrerr}` : v.crash ?? v.bad);

/**
 * Runs `inputs` inputs from PRNG seed `seed`. Calls onDifference(record) for each difference
 * and onProgress(summary) after each batch; returns the summary.
 */
export async function runDifferential({
  inputs, seed = 1, program = NATIVE_PROGRAM, onDifference = () => {}, onProgress = () => {},
}) {
  const rng = makeRandom(seed);
  const seeds = loadSeeds();
  // Seeds grouped by the decoders they are for, valid messages apart from the malformed corpus,
  // each group drawn as often: the corpus (mostly Foo) would otherwise crowd out the one or two
  // golden vectors of each type.
  const groups = new Map();
  for (const s of seeds) {
    const key = `${s.decoders.map((d) => d.name).join()} ${s.file.startsWith('malformed/')}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const seedGroups = [...groups.values()];
  const pool = [];
  const native = startNative(program);
  const started = Date.now();
  const summary = {
    seed, inputs: 0, decodes: 0, seeds: seeds.length, differences: 0, excluded: {},
    decoders: Object.fromEntries(DECODERS.map((d) => [d.name, { ok: 0, err: 0 }])), seconds: 0,
  };
  try {
    while (summary.inputs < inputs) {
      const cases = [];
      const n = Math.min(BATCH, inputs - summary.inputs);
      for (let i = 0; i < n; i++) {
        const from = pool.length && rng.chance(0.3) ? rng.pick(pool) : rng.pick(rng.pick(seedGroups));
        const bytes = mutate(from, rng, rng.pick(seeds).bytes);
        const decoders = rng.chance(OTHER_DECODER) ? [...from.decoders, rng.pick(DECODERS)] : from.decoders;
        // One input in four is read with a tight allocation budget (its own flag bit).
        const flags = rng.chance(TIGHT_SHARE) ? from.flags | TIGHT : from.flags;
        for (const decoder of decoders) cases.push({ from, bytes, flags, decoder });
      }
      const pending = native.send(cases);
      for (const c of cases) c.js = jsVerdict(c.decoder, c.bytes, c.flags);
      const lines = await pending;
      for (let i = 0; i < cases.length; i++) {
        const c = cases[i];
        const cpp = parseNative(lines[i]);
        const counts = summary.decoders[c.decoder.name];
        if (cpp.err !== undefined) counts.err++;
        else counts.ok++;
        if (cpp.ok !== undefined && c.bytes !== c.from.bytes && c.from.decoders.includes(c.decoder)) {
          const entry = { file: c.from.file, generation: (c.from.generation ?? 0) + 1, bytes: c.bytes, flags: c.from.flags, decoders: c.from.decoders, tableEnd: c.from.tableEnd };
          if (pool.length < POOL) pool.push(entry);
          else pool[rng.below(POOL)] = entry;
        }
        if (agree(c.decoder, c.js, cpp)) continue;
        const rule = knownDifference(c.decoder, c.js, cpp);
        if (rule) {
          summary.excluded[rule] = (summary.excluded[rule] ?? 0) + 1;
          continue;
        }
        summary.differences++;
        onDifference({
          decoder: c.decoder.name, seed: c.from.file, generation: c.from.generation ?? 0, flags: c.flags, input: hexOf(c.bytes),
          native: show(cpp), js: show(c.js), jsDetail: c.js.detail,
        });
      }
      summary.inputs += n;
      summary.decodes += cases.length;
      summary.seconds = (Date.now() - started) / 1000;
      onProgress(summary);
    }
  } finally {
    native.stop();
  }
  return summary;
}
