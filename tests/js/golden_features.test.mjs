// The feature golden vectors (tests/golden/manifest.json, "feature_vectors"), written by the C++
// golden writer from tests/workloads/golden_features.hpp: the same types declared here with
// kiln-sdk's schema constructors write each file byte for byte from the same value, with the
// options the manifest says wrote it, read it back to that value (shared objects and weak parents
// included), and reject every truncation of it as 'Truncated'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Codec, KilnError } from '../../js/index.mjs';
// The types of golden_features.hpp, same wire names, fields and order.
import {
  Graph, Document, Envelope, Category, Scalars, Catalog, Labels, Vendor, makeEnvelope, makeGraph,
} from '../workloads/feature_schemas.mjs';

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('tests/golden/manifest.json', root), 'utf8'));
const golden = (file) => new Uint8Array(readFileSync(new URL(`tests/golden/${file}`, root)));

// --- The values of golden_features.hpp ---------------------------------------------------------

function document() {
  const tags = ['fast', 'small'];
  return {
    title: 'notes',
    body: { name: 'kiln', tags, stats: { count: 3, ratio: 0.75, big: -5000000000, ok: true, none: null }, again: tags },
    extra: [7, 'x', tags],
    version: 2,
  };
}

function sameEnvelopeShape(e) {
  assert.equal(e.payload.map, e.payload.again, 'a reference within payload');
  assert.equal(1 in e.payload[1], false, 'the hole');
}

function category() {
  return {
    id: 1, name: 'root', children: [
      { id: 2, name: 'books', children: [{ id: 4, name: 'poetry', children: [] }] },
      { id: 3, name: 'music', children: [] },
    ],
  };
}

const I64_MIN = -(2n ** 63n);
function scalars() {
  return {
    yes: true, c8: 0x4b, c16: 0x4e2d, c32: 0x1f680, i8: -128, u8: 255, i16: -32768, u16: 65535,
    i32: -2147483648, u32: 4294967295, i64: I64_MIN, u64: 2n ** 64n - 1n, f32: Math.fround(3.4028234663852886e38),
    f64: -0, level: 250, offset: I64_MIN, u32s: Uint32Array.of(0, 127, 128, 4294967295),
    i64s: BigInt64Array.of(0n, -1n, 1n, I64_MIN, 2n ** 63n - 1n),
  };
}

function catalog() {
  const kettle = { sku: 1001, title: 'kettle', price: { cents: 2599n, currency: 'EUR' }, note: null, tags: new Set(['kitchen']) };
  const lamp = {
    sku: 4000000000, title: 'lamp', price: { cents: 1999n, currency: 'EUR' }, note: 'warm white',
    tags: new Set(['home', 'light']),
  };
  return {
    name: 'spring',
    shelves: [
      { label: 'A', position: Int16Array.of(1, -2), items: [kettle, lamp] },
      { label: 'B', position: Int16Array.of(2, 0), items: [] },
    ],
    discounts: { kettle: { cents: -600n, currency: 'EUR' } },
    revision: { index: 1, value: 'r7' },
    version: [1, 2],
  };
}

function vendor() {
  return {
    Party: { Contact: { email: 'sales@acme.example' }, name: 'acme', since: 1999n },
    Audited: { revision: 7 },
    rating: 4,
    regions: ['eu', 'us'],
  };
}

function labels() {
  return { owner: 'ops', names: ['ops', '', 'db', '', 'db'], by_key: { db: 'ops', web: 'db' }, fallback: 'web' };
}

// What must hold of a value read back beyond deep equality: the sharing.
function sameGraphShape(g) {
  const kids = g.root.children;
  assert.equal(kids[0], kids[2], 'a is one object, held twice');
  assert.notEqual(kids[0], kids[1]);
  assert.equal(g.focus, kids[1], 'focus is the announced b');
  assert.equal(kids[0].parent, g.root);
  assert.equal(kids[1].parent, g.root);
}
function sameDocumentShape(d) {
  assert.equal(d.body.tags, d.body.again, 'a reference within body');
  assert.notEqual(d.extra[2], d.body.tags, 'extra numbers its containers on its own');
}

// By the manifest's workload. Drawing, the polymorphic-pointer vector, has no entry: JS has no
// polymorphic pointers (no type tags, no TypeRegistry), so only the C++ tests read and write it.
const CASES = {
  Graph: { type: Graph, make: makeGraph, shape: sameGraphShape },
  Document: { type: Document, make: document, shape: sameDocumentShape },
  Envelope: { type: Envelope, make: makeEnvelope, shape: sameEnvelopeShape },
  Category: { type: Category, make: category },
  Scalars: { type: Scalars, make: scalars },
  Catalog: { type: Catalog, make: catalog },
  Labels: { type: Labels, make: labels },
  Vendor: { type: Vendor, make: vendor },
};
const POLYMORPHIC = 'Drawing';

const OPTION_KEYS = ['compress_numbers', 'track_references', 'share_strings', 'compatible', 'fingerprint', 'header'];

test('the manifest lists the feature vectors with every option that wrote each', () => {
  assert.deepEqual(manifest.feature_vectors.map((v) => v.file), [
    'graph_tracked.bin', 'graph_compatible.bin', 'drawing_polymorphic_compressed.bin',
    'drawing_polymorphic_compatible.bin', 'document_value_tracked.bin',
    'category_recursive_compressed.bin', 'scalars_fixed.bin', 'scalars_compressed.bin', 'catalog_compatible.bin',
    'catalog_compatible_compressed_noheader.bin', 'vendor_bases_compatible.bin', 'envelope_value_compatible.bin',
    'labels_shared_strings.bin',
  ]);
  for (const v of [...manifest.vectors, ...manifest.compatible_vectors, ...manifest.feature_vectors]) {
    for (const k of OPTION_KEYS) assert.equal(typeof v[k], 'boolean', `${v.file}: ${k}`);
    assert.equal(golden(v.file).length, v.bytes, v.file);
  }
  for (const v of manifest.feature_vectors) {
    assert.ok(v.workload === POLYMORPHIC || CASES[v.workload], `${v.file}: no JS type for ${v.workload}`);
    assert.equal(typeof v.covers, 'string', v.file);
  }
  // The polymorphic vector records its registered types; shared strings are recorded as used,
  // not as reference tracking is.
  const drawing = manifest.feature_vectors.find((v) => v.workload === POLYMORPHIC);
  assert.deepEqual(drawing.registry, { Circle: 1, Square: 'geo.Square' });
  const labelsVector = manifest.feature_vectors.find((v) => v.workload === 'Labels');
  assert.equal(labelsVector.share_strings && !labelsVector.track_references, true);
});

for (const v of manifest.feature_vectors) {
  if (v.workload === POLYMORPHIC) continue; // see CASES
  const { type, make, shape } = CASES[v.workload];
  const options = {
    compressNumbers: v.compress_numbers, trackReferences: v.track_references, shareStrings: v.share_strings,
    compatible: v.compatible, fingerprint: v.fingerprint, header: v.header,
  };
  // A reader's options: any will do for a message with a header; one without takes the writer's.
  const reader = new Codec(v.header ? {} : options);

  test(`${v.file}: JS writes the golden bytes (${v.workload})`, () => {
    assert.deepStrictEqual(new Codec(options).serialize(type, make()), golden(v.file));
  });

  test(`${v.file}: JS reads the golden bytes back to the value`, () => {
    const back = reader.deserialize(type, golden(v.file));
    assert.deepStrictEqual(back, make());
    shape?.(back);
  });

  test(`${v.file}: every truncation rejected as Truncated`, () => {
    const bytes = golden(v.file);
    for (let n = 0; n < bytes.length; n++) {
      let error = null;
      try {
        reader.deserialize(type, bytes.subarray(0, n));
      } catch (e) {
        assert.ok(e instanceof KilnError, `${n} bytes: not a KilnError: ${e}`);
        error = e;
      }
      assert.ok(error, `${n} bytes accepted`);
      assert.equal(error.code, 'Truncated', `${n} bytes: ${error.message}`);
      assert.ok(error.offset <= n, `${n} bytes: offset ${error.offset}`);
    }
  });
}
