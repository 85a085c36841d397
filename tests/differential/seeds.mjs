// The seeds of the differential fuzzer: every golden vector (tests/golden/manifest.json and
// tests/golden/value/manifest.json, the latter also without its header) and the malformed-input
// corpus (tests/malformed/manifest.tsv) of the types JS has. Each seed names the decoders it is
// meant for and the read flags a reader of it needs (0 when the message has a header).
import { readFileSync } from 'node:fs';
import { Reader, DEFAULT_LIMITS } from '../../js/runtime/reader.mjs';
import { parseTable } from '../../js/runtime/type_table.mjs';
import { Codec, encodeFrame } from '../../js/index.mjs';
import { Bulk, Tree } from '../../js/workloads.mjs';
import { makeFoo } from '../js/workloads.mjs';
import { DECODERS } from './decoders.mjs';

const root = new URL('../../', import.meta.url);
const read = (path) => new Uint8Array(readFileSync(new URL(path, root)));

// The decoders of one message of the type (not frames:Record, a stream of them).
const forType = (name) => DECODERS.filter((d) => d.name.endsWith(`:${name}`) && !d.name.startsWith('frames:'));
const byName = (name) => DECODERS.filter((d) => d.name === name);

// Where a compatible-mode message's type table ends, so mutations can aim at it.
function tableEnd(bytes, headerless) {
  try {
    const r = new Reader(bytes, DEFAULT_LIMITS);
    r.pos = headerless ? 0 : bytes[2] & 0x10 ? 3 : 7;
    parseTable(r);
    return r.pos;
  } catch {
    return 0;
  }
}

function flagsOf(v) {
  if (v.header !== false) return 0;
  return 0x100 | (v.compress_numbers ? 1 : 0) | (v.track_references ? 2 : 0) |
    (v.compatible ? 4 : 0) | (v.share_strings ? 8 : 0);
}

export function loadSeeds() {
  const seeds = [];
  const golden = JSON.parse(readFileSync(new URL('tests/golden/manifest.json', root), 'utf8'));
  for (const v of [...golden.vectors, ...golden.compatible_vectors, ...golden.feature_vectors]) {
    const decoders = forType(v.workload);
    if (!decoders.length) continue;
    const bytes = read(`tests/golden/${v.file}`);
    const flags = flagsOf(v);
    if (v.compatible && v.header !== false) decoders.push(...byName('inspect'));
    seeds.push({ file: v.file, bytes, flags, decoders, tableEnd: v.compatible ? tableEnd(bytes, flags !== 0) : 0 });
  }
  // Framed streams of Records (FORMAT.md 11): the golden stream (its Struct frame is an error
  // for a Record stream) and the Record vectors with a header framed, together and one by one.
  const frames = byName('frames:Record');
  for (const v of golden.streams) seeds.push({ file: v.file, bytes: read(`tests/golden/${v.file}`), flags: 0, decoders: frames });
  const records = ['record_fixed.bin', 'record_compressed.bin', 'record_compatible.bin']
    .map((f) => encodeFrame(read(`tests/golden/${f}`)));
  seeds.push({ file: 'framed Record vectors', bytes: new Uint8Array(Buffer.concat(records)), flags: 0, decoders: frames });
  for (const [i, f] of records.entries()) seeds.push({ file: `framed Record vector ${i}`, bytes: f, flags: 0, decoders: frames });
  const values = JSON.parse(readFileSync(new URL('tests/golden/value/manifest.json', root), 'utf8'));
  for (const v of values.vectors) {
    const bytes = read(`tests/golden/value/${v.file}`);
    seeds.push({ file: `value/${v.file}`, bytes, flags: 0, decoders: byName('value') });
    seeds.push({
      file: `value/${v.file} without header`, bytes: bytes.subarray(bytes[2] & 0x10 ? 3 : 7),
      flags: 0x100 | (v.track_references ? 2 : 0), decoders: byName('value'),
    });
  }
  // No golden vector holds a Tree or a Bulk: a small one of each as the JS writer makes it (a
  // tree whose children point back at their parent; two Foos), in both number modes.
  const tree = { name: 'root', children: [], parent: null };
  for (const name of ['a', 'b']) tree.children.push({ name, children: [], parent: tree });
  tree.children[0].children.push({ name: 'a1', children: [], parent: tree.children[0] });
  const bulk = [makeFoo(), { f1: -1, f2: 'é', f3: [''], f4: { k: -5n } }];
  for (const compressNumbers of [false, true]) {
    const codec = new Codec({ trackReferences: true, compressNumbers });
    seeds.push({ file: `tree (compressNumbers ${compressNumbers})`, bytes: codec.serialize(Tree, tree), flags: 0, decoders: forType('Tree') });
    seeds.push({ file: `bulk (compressNumbers ${compressNumbers})`, bytes: codec.serialize(Bulk, bulk), flags: 0, decoders: forType('Bulk') });
  }
  const manifest = readFileSync(new URL('tests/malformed/manifest.tsv', root), 'utf8');
  for (const line of manifest.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [file, type] = line.split('\t');
    const decoders = forType(type);
    if (decoders.length) seeds.push({ file: `malformed/${file}`, bytes: read(`tests/malformed/${file}`), flags: 0, decoders });
  }
  return seeds;
}
