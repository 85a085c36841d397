// The types of catalog.hpp declared in JavaScript with kiln-sdk's schema constructors, held to the
// C++ types they stand for, as the package built from that header has them (build/user-types/
// package, made by `scripts/build.sh examples`): the same fingerprints; for rich values the bytes
// of the generated codecs in each mode (fixed, compressed, with reference tracking, compatible),
// which the C++ decoder reads and the C++ encoder writes again; the generated codecs' decoded
// values; on hostile input (every truncation; the flags byte set to each combination of its bits;
// every byte replaced by 0x00, 0x01, 0x7f, 0x80 and 0xff; seeded random bytes and forged varints)
// the verdict, accepted or error code and offset, of the generated decoder and of the C++ decoder;
// and at the edge of the allocation budget, which the decoders charge in the format's storage
// measure (FORMAT.md 6.5), the C++ decoder's verdict and message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as kiln from '../../js/index.mjs';

const {
  Codec, KilnError, struct, vector, array, set, map, optional, variant, tuple, enumeration, unique, shared, weak,
  bool, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, char8, char16, char32, string,
} = kiln;

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkgDir = join(root, 'build/user-types/package');
assert.ok(existsSync(join(pkgDir, 'index.mjs')), `${pkgDir} is missing: run scripts/build.sh examples`);
const generated = await import(pathToFileURL(join(pkgDir, 'index.mjs')));

// ---- catalog.hpp, declared in JS ----

const Grade = enumeration('Grade', u8);
const Epoch = enumeration('Epoch', i64);
const Marker = struct('Marker', {});
const Dims = struct('Dims', { width: f32, height: f64, depth: i16 });
const Detail = struct('Detail', {
  note: string, codes: vector(i32), weights: map(string, f64), stamp: optional(i64), aliases: array(string, 2), dims: Dims,
});
const Category = struct('Category', () => ({ label: string, children: vector(Category) }));
const Party = struct('Party', { name_: string, since_: i64, kind_: u8 });
const Audited = struct('Audited', { revision_: u32 });
const Vendor = struct('Vendor', { rating_: u16, regions_: vector(string) }, { bases: [Party, Audited] });
const Stamp = struct('Stamp', { at: i64, zone: u8 });
const Reading = struct('Reading', { level_: u8 }, { bases: [Stamp] });
const Catalog = struct('Catalog', {
  active: bool, tiny: i8, small: i16, medium: i32, large: i64, utiny: u8, usmall: u16, umedium: u32, ularge: u64,
  ratio: f32, precise: f64, initial: char8, glyph16: char16, glyph32: char32, grade: Grade, epoch: Epoch,
  title: string, ints: vector(i32), longs: vector(i64), doubles: vector(f64), blob: vector(u8), flags: vector(bool),
  words: vector(string), boxes: vector(Dims), triple: array(u16, 3), aliases: array(string, 2), none: array(i32, 0),
  ids: set(i64), tags: set(string), series: map(string, vector(f32)), labels: map(i32, string),
  subtitle: optional(string), bounds: optional(Dims), choice: variant(i64, string, Detail), slots: vector(optional(Detail)),
  mixed: tuple(i8, string, f64, Marker), pairs: vector(tuple(u16, string)), dims: Dims, marker: Marker,
  taxonomy: Category, vendor: Vendor, vendors: vector(Vendor), readings: vector(Reading), marks: vector(Marker),
});
const Charter = struct('Charter', { text: string, version: u32 });
const Unit = struct('Unit', () => ({
  name: string, headcount: i32, charter: unique(Charter), children: vector(shared(Unit)), parent: weak(Unit),
}));
const Org = struct('Org', { name: string, root: shared(Unit), flagship: shared(Unit), marks: vector(Marker) });

const declared = { Catalog, Vendor, Org, Detail };

// ---- sample values: every field non-trivial ----

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

function detail(n) {
  return {
    note: `note ${n} \u00e9\u00e8 \u4e2d\u6587`, codes: [n, -n - 1, 2147483647, -2147483648],
    weights: { '': -0, beta: NaN, alpha: 1e-310, '\u00fcber': -Infinity }, stamp: n % 2 ? I64_MIN : I64_MAX,
    aliases: [`alias ${n}`, '\u{1F680}'], dims: { width: Math.fround(-1.25 * n), height: 1 / 3, depth: -32768 },
  };
}

function vendor(n) {
  return {
    Party: { name_: `Fournisseur ${n} \u00a9`, since_: n ? I64_MIN : -1n, kind_: 200 + n },
    Audited: { revision_: 4294967295 - n },
    rating_: 65535 - n, regions_: ['EU', '\u30a2\u30b8\u30a2', ''],
  };
}

function catalog() {
  return {
    active: true, tiny: -128, small: -32768, medium: -2147483648, large: I64_MIN,
    utiny: 255, usmall: 65535, umedium: 4294967295, ularge: 2n ** 64n - 1n,
    ratio: NaN, precise: -0, initial: 0xe9, glyph16: 0xd83d, glyph32: 0x1f680, grade: 255, epoch: I64_MAX,
    title: 'Catalogue d\u2019\u00e9t\u00e9 \u65e5\u672c \u{1F600}',
    ints: [-1, 0, 1, 2147483647, -2147483648, 300, -300],
    longs: [I64_MIN, I64_MAX, -1n, 0n, 1n << 40n, -(1n << 53n)],
    doubles: [-0, NaN, Infinity, -Infinity, 5e-324, 1.7976931348623157e308, -2.5],
    blob: [0, 1, 0x7f, 0x80, 0xff],
    flags: [true, false, true, true],
    words: ['', 'ascii', '\u00fcn\u00efc\u00f8d\u00e9', '\u65e5\u672c\u8a9e', '\u{1F600}\u{1F680}'],
    boxes: [{ width: -Infinity, height: 1e-300, depth: -1 }, { width: Math.fround(3.4e38), height: -0, depth: 32767 }],
    triple: [0, 1, 65535], aliases: ['\u03b1\u03b2', ''], none: [],
    ids: new Set([I64_MAX, -1n, 0n, 42n, I64_MIN]), tags: new Set(['zeta', 'alpha', '\u03a9', '', 'Zeta']),
    series: { b: [1.5, -0, NaN], a: [], '\u043a\u043b\u044e\u0447': [Math.fround(0.1), -Infinity] },
    labels: new Map([[7, 'sept \u00e9'], [-2147483648, 'min'], [0, ''], [2147483647, 'max']]),
    subtitle: 'sous-titre \u00e0 la une', bounds: { width: 1.5, height: -2.25, depth: 7 },
    choice: { index: 2, value: detail(1) },
    slots: [null, detail(2), null, detail(3)],
    mixed: [-7, 'mixte \u00e9', -0.5, {}],
    pairs: [[65535, 'max'], [0, ''], [1, '\u00e9']],
    dims: { width: -0, height: NaN, depth: 1 }, marker: {},
    taxonomy: {
      label: 'racine', children: [
        { label: 'a', children: [{ label: 'a1 \u00e9', children: [] }, { label: 'a2', children: [] }] },
        { label: 'b', children: [] },
      ],
    },
    vendor: vendor(0), vendors: [vendor(1), vendor(2)],
    readings: [{ Stamp: { at: I64_MIN, zone: 255 }, level_: 0 }, { Stamp: { at: -1n, zone: 0 }, level_: 200 }],
    marks: [{}, {}, {}],
  };
}

// Other alternatives of the variant, in the otherwise same value.
const catalogInt = () => ({ ...catalog(), choice: { index: 0, value: I64_MIN }, slots: [], subtitle: null, bounds: null });
const catalogStr = () => ({ ...catalog(), choice: { index: 1, value: 'variante \u00e9' } });

// The graph: `lab` is a child of two units and `flagship` is announced by a weak parent before
// it is written (with reference tracking); without, the same tree with no parents, and `lab`
// written twice.
function org(tracked) {
  const hq = { name: 'Si\u00e8ge \u2302', headcount: -1, charter: { text: 'charte \u00e9', version: 3 }, children: [], parent: null };
  const flagship = { name: 'Flaggschiff', headcount: 12, charter: null, children: [], parent: null };
  const lab = { name: 'Lab \u{1F9EA}', headcount: -2147483648, charter: { text: '', version: 4294967295 }, children: [], parent: null };
  const rd = { name: 'R&D', headcount: 2147483647, charter: null, children: [lab], parent: null };
  const sales = { name: 'Ventes', headcount: 0, charter: null, children: [lab], parent: null };
  hq.children.push(rd, sales);
  flagship.children.push(sales);
  if (tracked) {
    rd.parent = hq;
    sales.parent = flagship; // written inside hq's tree, before flagship itself
    lab.parent = rd;
  }
  return { name: 'Org \u2602', root: hq, flagship, marks: [{}, {}] };
}

const vendorValue = () => ({ ...vendor(7), regions_: ['Nord', 'S\u00fcd', '\u5357'] });

const samples = [
  { type: 'Catalog', value: catalog, modes: ['fixed', 'compressed', 'compatible', 'compatible compressed'] },
  { type: 'Catalog', label: 'Catalog (int64 alternative)', value: catalogInt, modes: ['fixed', 'compressed'] },
  { type: 'Catalog', label: 'Catalog (string alternative)', value: catalogStr, modes: ['compressed'] },
  { type: 'Vendor', value: vendorValue, modes: ['fixed', 'compressed', 'compatible'] },
  { type: 'Detail', value: () => detail(5), modes: ['fixed', 'compressed', 'compatible', 'compatible compressed'] },
  { type: 'Org', value: () => org(false), modes: ['fixed', 'compressed'] },
  { type: 'Org', label: 'Org (shared child, weak parents)', value: () => org(true), modes: ['tracked fixed', 'tracked compressed'] },
];
const OPTIONS = {
  fixed: {}, compressed: { compressNumbers: true },
  'tracked fixed': { trackReferences: true }, 'tracked compressed': { trackReferences: true, compressNumbers: true },
  // Compatible mode (a type table after the header): Detail, Vendor (a class with bases) and
  // Catalog (such classes inside) have one; Org (pointers) has none, in C++ as in JS.
  compatible: { compatible: true }, 'compatible compressed': { compatible: true, compressNumbers: true },
};

// One message per sample and mode, written by the generated codec.
const messages = samples.flatMap((s) => s.modes.map((mode) => {
  const options = OPTIONS[mode];
  return {
    ...s, mode, options, name: `${s.label ?? s.type} ${mode}`,
    bytes: new generated.Codec(options).serialize(generated[s.type], s.value()),
  };
}));

// ---- verdicts ----

const hex = (b) => Buffer.from(b).toString('hex');

/** 'accepted' (with the value) or 'Code@offset' (with the message) of a decode. */
function decodeVerdict(codec, type, bytes) {
  try {
    return { verdict: 'accepted', value: codec.deserialize(type, bytes) };
  } catch (e) {
    if (!(e instanceof KilnError)) throw e;
    return { verdict: `${e.code}@${e.offset}`, message: e.message };
  }
}

function coreVerdict(core, type, bytes) {
  const e = core.validate(type, bytes);
  return e === null ? { verdict: 'accepted' } : { verdict: `${e.code}@${e.offset}`, message: e.message };
}

const jsReader = new Codec();
const genReader = new generated.Codec();

/** The three verdicts on bytes: the JS-declared schema's, the generated codec's, the C++ decoder's. */
function verdicts(core, type, bytes) {
  return {
    js: decodeVerdict(jsReader, declared[type], bytes),
    gen: decodeVerdict(genReader, generated[type], bytes),
    cpp: coreVerdict(core, declared[type], bytes),
  };
}

/** A disagreement among the three, as a line of text, or null. */
function disagreement(v, what, bytes) {
  const { js, gen, cpp } = v;
  if (js.verdict === gen.verdict && js.verdict === cpp.verdict) {
    // The budget left, which an AllocationLimit message gives, is what the decoder charged for
    // everything before: the C++ sizes of the elements and objects.
    if (js.verdict.startsWith('AllocationLimit@') && js.message !== cpp.message) {
      return `${what}: JS schema says "${js.message}", C++ "${cpp.message}"`;
    }
    if (js.verdict !== 'accepted') return null;
    try {
      assert.deepStrictEqual(js.value, gen.value);
      return null;
    } catch {
      return `${what}: accepted by all three, but the JS schema decodes another value than the generated codec`;
    }
  }
  const detail = (x) => x.verdict + (x.message ? ` (${x.message})` : '');
  return `${what}: JS schema ${detail(js)}; generated ${detail(gen)}; C++ ${detail(cpp)}` +
    (bytes.length <= 64 ? ` [${hex(bytes)}]` : '');
}

// Deterministic mutations: the flags byte set to each combination of its defined bits, every byte
// replaced by each of a few values; then seeded random bytes and forged varints (long, overlong,
// huge, each spliced over the bytes at a position).
const SPECIAL = [0x00, 0x01, 0x7f, 0x80, 0xff];
const VARINTS = [
  [0x80, 0x01], [0xff, 0x7f], [0xff, 0xff, 0x03], [0x80, 0x80, 0x80, 0x01], [0xff, 0xff, 0xff, 0xff, 0x0f],
  [0x80, 0x80, 0x80, 0x80, 0x10], [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01],
  [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00], [0x81, 0x00], [0x80, 0x00],
];
const RANDOM_MUTATIONS = 300;

function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function* mutations(bytes, seed) {
  // The flags byte: every combination of the defined bits (numbers, references, compatible mode,
  // shared strings, no fingerprint).
  for (let f = 0; f < 0x20; f++) {
    if (f === bytes[2] || SPECIAL.includes(f)) continue;
    const bad = bytes.slice();
    bad[2] = f;
    yield [bad, `flags 0x${bytes[2].toString(16)} -> 0x${f.toString(16)}`];
  }
  for (let i = 0; i < bytes.length; i++) {
    for (const b of SPECIAL) {
      if (bytes[i] === b) continue;
      const bad = bytes.slice();
      bad[i] = b;
      yield [bad, `byte ${i} 0x${bytes[i].toString(16)} -> 0x${b.toString(16)}`];
    }
  }
  const rand = mulberry32(seed);
  for (let k = 0; k < RANDOM_MUTATIONS; k++) {
    const i = Math.floor(rand() * bytes.length);
    if (k % 2 === 0) {
      const bad = bytes.slice();
      bad[i] = Math.floor(rand() * 256);
      yield [bad, `byte ${i} 0x${bytes[i].toString(16)} -> 0x${bad[i].toString(16)} (random ${k})`];
    } else {
      const v = VARINTS[Math.floor(rand() * VARINTS.length)];
      const bad = Uint8Array.from([...bytes.subarray(0, i), ...v, ...bytes.subarray(i + v.length)]).subarray(0, bytes.length);
      yield [bad, `bytes ${i}.. replaced by varint ${hex(v)} (random ${k})`];
    }
  }
}

const seedOf = (name) => [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
const mutationCount = (m) => [...mutations(m.bytes, seedOf(m.name))].length;

// ---- the tests ----

test('fingerprints: each JS-declared type has the generated codec\'s and the C++ core\'s', async () => {
  const core = await generated.loadCore();
  for (const name of Object.keys(declared)) {
    const cpp = core.types.find((t) => t.name === name);
    assert.ok(cpp, `the core has no type ${name}`);
    assert.equal(declared[name].fingerprint, generated[name].fingerprint, name);
    assert.equal(declared[name].fingerprint, cpp.fingerprint, name);
  }
  // Not a tautology: a change to any field's name or type changes the fingerprint.
  assert.notEqual(struct('Vendor', { rating_: u16, regions_: vector(string) }, { bases: [Audited, Party] }).fingerprint,
    Vendor.fingerprint);
  assert.notEqual(struct('Charter', { text: string, version: i32 }).fingerprint, Charter.fingerprint);
});

for (const m of messages) {
  test(`${m.name}: the generated codec's bytes, the C++ encoder's bytes, the generated decode`, async () => {
    const core = await generated.loadCore();
    const type = declared[m.type];
    const value = m.value();
    const js = new Codec(m.options).serialize(type, value);
    assert.deepStrictEqual(hex(js), hex(m.bytes), 'JS schema and generated codec write different bytes');
    // The C++ decoder reads them and the C++ encoder writes them again with the same options,
    // compatible mode included: unchanged.
    assert.equal(core.validate(type, js), null);
    assert.deepStrictEqual(hex(core.reencode(type, js, m.options)), hex(js), 'the C++ encoder writes other bytes');
    // The JS schema reads the generated bytes into the generated decoder's value.
    const back = new Codec(m.options).deserialize(type, m.bytes);
    const expected = new generated.Codec(m.options).deserialize(generated[m.type], m.bytes);
    assert.deepStrictEqual(back, expected);
    if (m.mode.startsWith('tracked')) {
      // One object where the value had one: the shared child, and the parents.
      const [rd, sales] = back.root.children;
      assert.equal(rd.children[0], sales.children[0]);
      assert.equal(back.flagship.children[0], sales);
      assert.equal(sales.parent, back.flagship);
      assert.equal(rd.parent, back.root);
      assert.equal(rd.children[0].parent, rd);
    }
  });

  test(`${m.name}: ${m.bytes.length} truncations and ${mutationCount(m)} mutations get the generated and the C++ verdict`, async () => {
    const core = await generated.loadCore();
    const wrong = [];
    const seen = new Map(); // verdict -> count (the mutations)
    for (let n = 0; n < m.bytes.length; n++) {
      const bad = m.bytes.subarray(0, n);
      const w = disagreement(verdicts(core, m.type, bad), `${m.name}, first ${n} bytes`, bad);
      if (w) wrong.push(w);
    }
    for (const [bad, what] of mutations(m.bytes, seedOf(m.name))) {
      const v = verdicts(core, m.type, bad);
      const code = v.cpp.verdict.replace(/@.*/, '');
      seen.set(code, (seen.get(code) ?? 0) + 1);
      const w = disagreement(v, `${m.name}, ${what}`, bad);
      if (w) wrong.push(w);
    }
    assert.deepStrictEqual(wrong.slice(0, 12), [], `${wrong.length} disagreements`);
    // The mutations reach past the header: some are accepted, and several kinds of error occur.
    assert.ok(seen.get('accepted') > 0, JSON.stringify([...seen]));
    assert.ok(seen.size >= 4, JSON.stringify([...seen]));
  });
}

// A message whose last field is a sequence of empty structs ends in their count, which nothing but
// the allocation budget bounds: the largest count the C++ decoder accepts is the budget left after
// everything before it was charged, in the C++ sizes of each element and pointee. The JS schema
// must accept that count and refuse one more, with the C++ message.
function lastCountForged(bytes, count) {
  assert.ok(bytes[bytes.length - 1] < 0x80);
  const v = [];
  let n = count;
  while (n >= 0x80) {
    v.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  v.push(n);
  return Uint8Array.from([...bytes.subarray(0, bytes.length - 1), ...v]);
}

for (const m of messages.filter((x) => x.type === 'Catalog' || x.type === 'Org')) {
  test(`${m.name}: a forged count of empty structs at the edge of the allocation budget`, async () => {
    const core = await generated.loadCore();
    const accepts = (c) => core.validate(declared[m.type], lastCountForged(m.bytes, c)) === null;
    let lo = 0;
    let hi = 2 ** 27; // refused: far beyond 64 bytes per input byte plus 64 KiB
    assert.ok(accepts(lo) && !accepts(hi));
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (accepts(mid)) lo = mid;
      else hi = mid;
    }
    const wrong = [];
    for (const c of [lo, lo + 1]) {
      const bad = lastCountForged(m.bytes, c);
      const v = verdicts(core, m.type, bad);
      const w = disagreement(v, `${m.name}, count of marks forged to ${c}`, bad);
      if (w) wrong.push(w);
    }
    assert.deepStrictEqual(wrong, []);
  });
}

test('each JS-declared type has the storage the C++ type is charged (as the generator reports it)', () => {
  // FORMAT.md 6.5: the decoders charge the format's storage measure, which the C++ serializers
  // compute at compile time and the generator writes beside each exported type.
  const wrong = [];
  for (const name of Object.keys(declared)) {
    const cpp = generated[name].storage;
    assert.equal(typeof cpp, 'number', name);
    if (declared[name].storage !== cpp) wrong.push(`${name}: JS storage ${declared[name].storage}, C++ ${cpp}`);
    if (generated[name].schema && generated[name].schema.storage !== cpp) {
      wrong.push(`${name}: the emitted schema's storage ${generated[name].schema.storage}, C++ ${cpp}`);
    }
  }
  assert.deepStrictEqual(wrong, []);
});

test("typedArrays: 'view': number arrays view the message where aligned, and say what the copies say", () => {
  const toPlain = (v) => JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? `${x}n` : ArrayBuffer.isView(x) ? [...x]
    : x instanceof Set || x instanceof Map ? [...x] : Number.isNaN(x) ? 'NaN' : Object.is(x, -0) ? '-0' : x));
  const inside = (a, bytes) => a.buffer === bytes.buffer && a.byteOffset >= bytes.byteOffset &&
    a.byteOffset + a.byteLength <= bytes.byteOffset + bytes.length;
  for (const m of messages.filter((x) => x.type === 'Catalog')) {
    for (const [name, type, codecOf] of [
      ['generated', generated[m.type], (o) => new generated.Codec(o)],
      ['declared', declared[m.type], (o) => new Codec(o)],
    ]) {
      const copies = codecOf(m.options).deserialize(type, m.bytes);
      const reader = codecOf({ ...m.options, typedArrays: 'view' });
      // The message at each of 8 offsets in a buffer: bytes are viewed at every one, 4-byte
      // numbers at 2 of them and 8-byte numbers at 1 (where aligned), and copied elsewhere;
      // compressed int32s are varints, never viewed.
      const viewed = { blob: 0, ints: 0, doubles: 0 };
      for (let shift = 0; shift < 8; shift++) {
        const moved = new Uint8Array(new ArrayBuffer(m.bytes.length + 8), shift, m.bytes.length);
        moved.set(m.bytes);
        const views = reader.deserialize(type, moved);
        assert.equal(toPlain(views), toPlain(copies), `${name} ${m.name}, offset ${shift}`);
        for (const field of Object.keys(viewed)) {
          if (inside(views[field], moved)) {
            viewed[field]++;
            assert.equal(views[field].byteOffset % views[field].BYTES_PER_ELEMENT, 0);
          }
        }
      }
      assert.deepEqual(viewed, { blob: 8, ints: m.options.compressNumbers ? 0 : 2, doubles: 1 }, `${name} ${m.name}`);
      for (const field of Object.keys(viewed)) {
        assert.ok(!inside(copies[field], m.bytes), `${name} ${m.name}: the default decode shares ${field}`);
      }
    }
    // Every cut: the same verdict with views as with copies.
    for (let n = 0; n < m.bytes.length; n++) {
      const cut = m.bytes.slice(0, n);
      const a = decodeVerdict(new generated.Codec(m.options), generated[m.type], cut).verdict;
      const b = decodeVerdict(new generated.Codec({ ...m.options, typedArrays: 'view' }), generated[m.type], cut).verdict;
      assert.equal(b, a, `${m.name} cut at ${n}`);
    }
  }
  assert.throws(() => new generated.Codec({ typedArrays: 'share' }), (e) => e instanceof generated.KilnError && e.code === 'InvalidArgument');
});
