// The package kiln_add_wasm_module built from this folder's C++ types (build/user-types/package,
// made by `scripts/build.sh examples`): imported by path and by its package name, it round-trips
// both types, its encoder writes the C++ encoder's exact bytes, and its .d.ts names the types;
// types with a kiln::Adapter are their wire types in JS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pkgDir = join(root, 'build/user-types/package');
assert.ok(existsSync(join(pkgDir, 'index.mjs')), `${pkgDir} is missing: run scripts/build.sh examples`);
const shapes = await import(pathToFileURL(join(pkgDir, 'index.mjs')));
const {
  Codec, KilnError, Shape, Inventory, Shapes, Timeline, Shipment, PartId, Instant, Gauge, Sketch, Outline, Catalog, Vendor, Org, Detail,
  loadCore,
} = shapes;

const triangle = {
  id: 7,
  name: 'triangle \u00e9\u4e2d',
  outline: [{ x: 0, y: 0 }, { x: 1.5, y: -2.25 }, { x: 3, y: 1e300 }],
  color: 'teal',
};
const blank = { id: 0xffffffff, name: '', outline: [], color: null };
const inventory = { owner_: 'acme', bins_: { bolts: [3, -1, 2147483647], nuts: [], '': [-2147483648] }, revision_: -(2n ** 63n) };

// Decoded values in their JS output form: int32 sequences may come back as typed arrays.
const plain = (v) => JSON.parse(JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? `${x}n` : ArrayBuffer.isView(x) ? [...x] : x)));

test('the package has the generated files, the runtime and a package.json', () => {
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  assert.equal(pkg.name, '@acme/shapes');
  assert.equal(pkg.version, '1.2.0');
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.exports['.'].default, './index.mjs');
  for (const f of ['index.mjs', 'index.d.ts', 'types.mjs', 'types.d.ts', 'core.mjs', 'core_wasm.mjs', 'core.wasm',
    'runtime/index.mjs', 'runtime/index.d.ts', 'runtime/core_loader.mjs', 'runtime/core_loader.d.ts']) {
    assert.ok(existsSync(join(pkgDir, f)), `${f} missing`);
  }
  // The wasm core ships as a binary beside the small module that loads it.
  assert.ok(WebAssembly.validate(readFileSync(join(pkgDir, 'core.wasm'))));
  assert.ok(readFileSync(join(pkgDir, 'core_wasm.mjs')).length < 4096);
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], { cwd: pkgDir, encoding: 'utf8' }));
  const files = packed.files.map((f) => f.path);
  for (const f of ['core.mjs', 'core_wasm.mjs', 'core.wasm', 'index.mjs', 'types.mjs', 'runtime/core_loader.mjs']) {
    assert.ok(files.includes(f), `${f} not in the npm package: ${files.join(' ')}`);
  }
});

test('no file of the package generates code at run time (no eval, no new Function)', () => {
  const files = readdirSync(pkgDir, { recursive: true }).filter((f) => f.endsWith('.mjs'));
  assert.ok(files.length >= 10, files.join(' '));
  const offenders = files.filter((f) => /new\s+Function\s*\(|(^|[^.\w$])eval\s*\(/.test(readFileSync(join(pkgDir, f), 'utf8')));
  assert.deepEqual(offenders, []);
});

test('the .d.ts declares the types and their input forms', () => {
  const dts = readFileSync(join(pkgDir, 'types.d.ts'), 'utf8');
  for (const decl of ['export declare const Shape: KilnType<Shape, ShapeInput>',
    'export declare const Inventory: KilnType<Inventory, InventoryInput>', 'export declare const Shapes:',
    'export interface Point {', 'export interface Shape {', 'export interface Inventory {']) {
    assert.ok(dts.includes(decl), `types.d.ts lacks "${decl}":\n${dts}`);
  }
  assert.match(dts, /owner_: string;/);
  assert.match(dts, /color: string \| null;/);
  const index = readFileSync(join(pkgDir, 'index.d.ts'), 'utf8');
  assert.match(index, /export \* from '\.\/types\.js';/);
  assert.match(index, /loadCore\(\): Promise</);
});

test('round trips with equality, both number modes', () => {
  for (const compressNumbers of [false, true]) {
    const codec = new Codec({ compressNumbers });
    for (const [type, value] of [[Shape, triangle], [Shape, blank], [Inventory, inventory], [Shapes, [triangle, blank]]]) {
      const bytes = codec.serialize(type, value);
      assert.deepEqual(plain(codec.deserialize(type, bytes)), plain(value), `${type.name} compress=${compressNumbers}`);
      assert.deepEqual(type.deserialize(type.serialize(value, { compressNumbers })), codec.deserialize(type, bytes));
    }
  }
  assert.equal(Shape.cppName, 'acme::Shape');
  assert.equal(Inventory.cppName, 'acme::Inventory');
});

test('the JS encoder writes the C++ encoder\'s bytes (wasm core of the same types)', async () => {
  const core = await loadCore();
  // Catalog, Vendor, Org and Detail (catalog.hpp) are checked against their JS-declared schemas in
  // schema_cross.test.mjs.
  const all = [Shape, Inventory, Shapes, Timeline, Shipment, PartId, Instant, Gauge, Sketch, Outline, Catalog, Vendor, Org, Detail];
  assert.deepEqual(core.types.map((t) => t.name), all.map((t) => t.name));
  assert.deepEqual(core.types.map((t) => t.fingerprint), all.map((t) => t.fingerprint));
  for (const compressNumbers of [false, true]) {
    for (const [type, value] of [[Shape, triangle], [Shape, blank], [Inventory, inventory], [Shapes, [triangle, blank]]]) {
      const js = type.serialize(value, { compressNumbers });
      assert.equal(core.validate(type, js), null);
      // The C++ decoder reads the JS bytes, and the C++ encoder writes the same value back.
      assert.deepEqual(core.reencode(type, js, { compressNumbers }), js, `${type.name} compress=${compressNumbers}`);
    }
  }
  // Both sides reject a message of the other type with the same error.
  const bytes = Shape.serialize(triangle);
  const err = core.validate(Inventory, bytes);
  assert.ok(err instanceof KilnError);
  assert.equal(err.code, 'SchemaMismatch');
  assert.throws(() => Inventory.deserialize(bytes), (e) => e instanceof KilnError && e.code === 'SchemaMismatch' && e.offset === 3);
});

// The adapted types of shipment.hpp (kiln::Adapter): in JS each is its wire type.
const readings = { label: 'dock 4 \u00e9', values: [20.5, -3, 1e-300] };
const shipment = {
  part: 0x0102030405060708n,
  shipped: 1700000000123456n,
  delivered: -86400000000n,
  spares: [1n, 300n, 2n ** 64n - 1n],
  gauge: readings,
  backup: { label: readings.label, values: [] },
};
const sharedGauge = { ...shipment, delivered: null, spares: [], backup: readings };  // one object twice

test('adapted types: the .d.ts gives each its wire type', () => {
  const dts = readFileSync(join(pkgDir, 'types.d.ts'), 'utf8');
  for (const decl of ['export declare const PartId: KilnType<bigint, bigint | number>;',
    'export declare const Instant: KilnType<bigint, bigint | number>;',
    'export declare const Gauge: KilnType<GaugeReadings, GaugeReadingsInput>;',
    'export declare const Shipment: KilnType<Shipment, ShipmentInput>;',
    '  part: bigint;\n  shipped: bigint;\n  delivered: bigint | null;\n  spares: BigUint64Array;\n' +
      '  gauge: GaugeReadings | null;\n  backup: GaugeReadings | null;\n',
    'export interface GaugeReadings {\n  label: string;\n  values: Float64Array;\n}']) {
    assert.ok(dts.includes(decl), `types.d.ts lacks "${decl}":\n${dts}`);
  }
});

test('adapted types: the wire types\' bytes, and the C++ encoder writes the same', async () => {
  // As the native golden test (tests/core/adapter_test.cpp, LoginBytes): a uint64 and an int64.
  assert.deepEqual([...PartId.serialize(0x0102030405060708n, { header: false })], [8, 7, 6, 5, 4, 3, 2, 1]);
  assert.deepEqual([...PartId.serialize(0x0102030405060708n, { header: false, compressNumbers: true })],
    [0x88, 0x8e, 0x98, 0xa8, 0xc0, 0xe0, 0x80, 0x81, 0x01]);
  assert.deepEqual([...Instant.serialize(-2n, { header: false })], [0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  assert.deepEqual([...Instant.serialize(-2n, { header: false, compressNumbers: true })], [0x03]);

  const core = await loadCore();
  const cases = [[Shipment, shipment], [Shipment, sharedGauge], [PartId, 42n], [Instant, -1n], [Gauge, readings]];
  for (let bits = 0; bits < 32; bits++) {
    const options = { compressNumbers: !!(bits & 1), trackReferences: !!(bits & 2), shareStrings: !!(bits & 4),
      fingerprint: !(bits & 8), header: !(bits & 16) };
    const codec = new Codec(options);
    for (const [type, value] of cases) {
      const what = `${type.name} ${JSON.stringify(options)}`;
      const js = codec.serialize(type, value);
      assert.equal(core.validate(type, js, options), null, what);
      // The C++ decoder reads the JS bytes into the adapted C++ types (from_wire), and the C++
      // encoder (to_wire) writes the very same bytes.
      assert.deepEqual(core.reencode(type, js, options, options), js, what);
      const back = codec.deserialize(type, js);
      assert.deepEqual(plain(back), plain(value), what);
      if (type === Shipment && value === sharedGauge) assert.equal(back.gauge === back.backup, options.trackReferences, what);
    }
  }
});

test('adapted types: a value from_wire rejects is an error in C++ only', async () => {
  const core = await loadCore();
  const bytes = Instant.serialize(-(2n ** 63n));
  const err = core.validate(Instant, bytes);
  assert.ok(err instanceof KilnError);
  assert.equal(err.code, 'ValueOutOfRange');
  assert.equal(err.offset, 7);
  assert.match(err.message, /instant beyond the clock's range/);
  assert.equal(Instant.deserialize(bytes), -(2n ** 63n));  // JS has no from_wire: the wire value
});

test('elements with no wire bytes: a forged count meets the allocation budget, as in the C++ core', async () => {
  const core = await loadCore();
  const timeline = { name: 'beats', ticks: Array.from({ length: 1000 }, () => ({})) };
  for (const compressNumbers of [false, true]) {
    const bytes = Timeline.serialize(timeline, { compressNumbers });
    assert.deepEqual(Timeline.deserialize(bytes), timeline);
    assert.deepEqual(core.reencode(Timeline, bytes, { compressNumbers }), bytes);
  }
  // Header, name, then a count of 2^27 ticks in 4 bytes: nothing on the wire bounds it, and
  // allocating the ticks would take far more than 64 bytes per input byte.
  const header = Timeline.serialize({ name: '', ticks: [] }).subarray(0, 7);
  const forged = Uint8Array.from([...header, 0, 0x80, 0x80, 0x80, 0x40]);
  const cpp = core.validate(Timeline, forged);
  assert.equal(cpp?.code, 'AllocationLimit');
  assert.throws(() => Timeline.deserialize(forged), (e) => e instanceof KilnError &&
    e.code === 'AllocationLimit' && e.offset === cpp.offset && e.offset === 8 &&
    /134217728 x 1 bytes exceeds the \d+ bytes left of the message's allocation budget/.test(e.message));
  // A budget set in the limits applies the same way (here too small for 1,000 ticks).
  const small = new Codec({ limits: { maxAllocBytes: 500 } });
  assert.throws(() => small.deserialize(Timeline, Timeline.serialize(timeline)), { code: 'AllocationLimit' });
  assert.equal(new Codec({ limits: { maxAllocBytes: 5000 } }).deserialize(Timeline, Timeline.serialize(timeline)).ticks.length, 1000);
});

test('an app imports the package by name, with code generation from strings disallowed', () => {
  const app = mkdtempSync(join(tmpdir(), 'kiln-user-types-'));
  try {
    mkdirSync(join(app, 'node_modules/@acme'), { recursive: true });
    symlinkSync(pkgDir, join(app, 'node_modules/@acme/shapes'), 'dir');
    writeFileSync(join(app, 'app.mjs'), `
      import { Shape, Inventory, loadCore } from '@acme/shapes';
      const bytes = Inventory.serialize({ owner_: 'x', bins_: new Map([['a', [1, 2]]]), revision_: 5 });
      const back = Inventory.deserialize(bytes);
      const core = await loadCore();
      console.log(back.owner_, [...back.bins_.a].join('+'), back.revision_, core.validate(Inventory, bytes), Shape.name);`);
    const out = execFileSync(process.execPath, ['--disallow-code-generation-from-strings', 'app.mjs'], { cwd: app, encoding: 'utf8' });
    assert.equal(out.trim(), 'x 1+2 5n null Shape');
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});

test('a TypeScript consumer type-checks (strict) under node16, nodenext and bundler resolution', () => {
  const app = mkdtempSync(join(tmpdir(), 'kiln-user-types-ts-'));
  try {
    mkdirSync(join(app, 'node_modules/@acme'), { recursive: true });
    symlinkSync(pkgDir, join(app, 'node_modules/@acme/shapes'), 'dir');
    writeFileSync(join(app, 'package.json'), '{"name":"app","private":true,"type":"module"}');
    const consumer = `
      import { Codec, KilnError, loadCore, Shape, Inventory, type ShapeInput, type KilnCore } from '@acme/shapes';
      const input: ShapeInput = { id: 1, name: 'a', outline: [{ x: 0, y: 1 }], color: null };
      const bytes: Uint8Array = new Codec({ compressNumbers: true }).serialize(Shape, input);
      const back: Shape = Shape.deserialize(bytes);
      const owner: string = Inventory.deserialize(Inventory.serialize({ owner_: 'o', bins_: {}, revision_: 1n })).owner_;
      const bins: Map<string, ArrayLike<number>> = new Codec({ maps: 'map' }).deserialize(Inventory, new Uint8Array()).bins_;
      export async function check(): Promise<string> {
        const core: KilnCore = await loadCore();
        const e: KilnError | null = core.validate(Shape, bytes);
        return e === null ? back.name + owner + bins.size : e.code;
      }`;
    for (const [module, moduleResolution, file] of [['node16', 'node16', 'index.mts'], ['nodenext', 'nodenext', 'index.ts'],
      ['esnext', 'bundler', 'index.ts']]) {
      const ts = join(app, `ts-${moduleResolution}`);
      mkdirSync(ts);
      writeFileSync(join(ts, file), consumer);
      writeFileSync(join(ts, 'tsconfig.json'), JSON.stringify({
        compilerOptions: { strict: true, noEmit: true, module, moduleResolution, target: 'es2022', lib: ['es2022', 'dom'],
          types: [], skipLibCheck: false, exactOptionalPropertyTypes: true },
        files: [file],
      }));
      const r = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', ts], { encoding: 'utf8' });
      assert.equal(r.status, 0, `${moduleResolution}:\n${r.stdout}${r.stderr}`);
    }
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});

test('docs/USER_TYPES.md gives the size of the runtime copy that ships', () => {
  const files = readdirSync(join(pkgDir, 'runtime'), { recursive: true })
    .filter((f) => statSync(join(pkgDir, 'runtime', f)).isFile())
    .map((f) => readFileSync(join(pkgDir, 'runtime', f)));
  const bytes = files.reduce((n, f) => n + f.length, 0);
  const gzipped = files.reduce((n, f) => n + gzipSync(f, { level: 9 }).length, 0);
  const doc = readFileSync(join(root, 'docs/USER_TYPES.md'), 'utf8');
  const m = /copy of `js\/runtime\/` \((\d+) files, (\d+) KB, (\d+) KB gzipped/.exec(doc);
  assert.ok(m, 'USER_TYPES.md does not state the runtime size');
  assert.equal(Number(m[1]), files.length);
  // Within 10%: the figures are rounded, and small edits to the runtime need not touch the doc.
  assert.ok(Math.abs(Number(m[2]) * 1000 - bytes) <= bytes / 10, `${bytes} bytes ship, the doc says ${m[2]} KB`);
  assert.ok(Math.abs(Number(m[3]) * 1000 - gzipped) <= gzipped / 10, `${gzipped} bytes gzipped, the doc says ${m[3]} KB`);
});

test('same shape, another name: rejected; a declared wire name (kiln_name) reads and writes the original', async () => {
  const core = await loadCore();
  for (const compressNumbers of [false, true]) {
    const codec = new Codec({ compressNumbers });
    const bytes = codec.serialize(Shape, triangle);
    // Sketch: Shape's fields under its own name, so another fingerprint, as in C++.
    assert.notEqual(Sketch.fingerprint, Shape.fingerprint);
    assert.throws(() => codec.deserialize(Sketch, bytes), (e) => e instanceof KilnError && e.code === 'SchemaMismatch' && e.offset === 3);
    assert.equal(core.validate(Sketch, bytes)?.code, 'SchemaMismatch');
    assert.throws(() => codec.deserialize(Shape, codec.serialize(Sketch, triangle)), { code: 'SchemaMismatch' });
    // Outline declares Shape's wire name: the same bytes both ways, checked by the C++ decoder too.
    assert.equal(Outline.fingerprint, Shape.fingerprint);
    assert.deepEqual(codec.serialize(Outline, triangle), bytes);
    assert.deepEqual(plain(codec.deserialize(Outline, bytes)), plain(triangle));
    assert.equal(core.validate(Outline, bytes), null);
    assert.deepEqual(core.reencode(Outline, bytes, { compressNumbers }), bytes);
  }
});
