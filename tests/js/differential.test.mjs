// Differential fuzzing (tests/differential, docs/FUZZING.md): a short fixed-seed run in which
// every JS decoder must give the native C++ decoder's verdict on every mutated input, and the
// inputs earlier runs found, checked against the wasm core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Codec, deserialize, loadCore } from '../../js/index.mjs';
import { Foo } from '../../js/workloads.mjs';
import { VALUE_FINGERPRINT } from '../../js/runtime/value.mjs';
import { Document } from '../workloads/feature_schemas.mjs';
import { DECODERS, agree, jsVerdict, parseNative } from '../differential/decoders.mjs';
import { NATIVE_PROGRAM, nativeProgramBuilt, runDifferential } from '../differential/run.mjs';

const VALUE = { name: 'Value', fingerprint: VALUE_FINGERPRINT };

test('20,000 mutated inputs: the JS decoders give the C++ verdicts', {
  skip: !nativeProgramBuilt() && `${NATIVE_PROGRAM} is not built (scripts/build.sh native)`,
}, async () => {
  const differences = [];
  const summary = await runDifferential({ inputs: 20000, seed: 1, onDifference: (d) => differences.push(d) });
  assert.deepStrictEqual(differences.slice(0, 5), []);
  assert.equal(summary.inputs, 20000);
  // Every decoder both accepted and rejected some inputs: the mutants reach past the header.
  for (const [name, counts] of Object.entries(summary.decoders)) {
    assert.ok(counts.ok > 0 && counts.err > 0, `${name}: ${JSON.stringify(counts)}`);
  }
});

test('a verdict differs by code or offset, and agrees when both are the same', () => {
  const foo = DECODERS.find((d) => d.name === 'gen:Foo');
  const cut = jsVerdict(foo, Uint8Array.of(0x4b, 0x01), 0);
  assert.deepStrictEqual(cut.err, 'Truncated 0');
  assert.ok(agree(foo, cut, parseNative('err 1 0')));
  assert.ok(!agree(foo, cut, parseNative('err 1 1')));
  assert.ok(!agree(foo, cut, parseNative('err 2 0')));
  const ok = jsVerdict(foo, new Codec().serialize(Foo, { f1: 1, f2: '', f3: [], f4: {} }), 0);
  assert.ok(agree(foo, ok, { ok: ok.ok }));
  assert.ok(!agree(foo, ok, { ok: `${ok.ok}00` }));
});

// Found by the differential fuzzer: a shared-string tag above 2^53 lost its low bit as a JS
// number, so a repeat (odd tag) of string 2^62 + 2 was read as a new string of 2^62 bytes.
test('a forged shared-string repeat tag of 10 bytes is an invalid reference, as in C++', async () => {
  const core = await loadCore();
  // Foo, compressed numbers and shared strings; f1 = 100, then f2's tag 2^63 + 5.
  const bytes = Uint8Array.of(0x4b, 0x01, 0x09, 0xf1, 0xc2, 0xf2, 0x47, 0xc8, 0x01,
    0x85, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01);
  assert.throws(() => new Codec().deserialize(Foo, bytes), { code: 'BadReference', offset: 9 });
  const cpp = core.validate(Foo, bytes);
  assert.deepStrictEqual([cpp?.code, cpp?.offset], ['BadReference', 9]);
});

// Found by the differential fuzzer: the generic-value reader refused the compatible-mode flag at
// once, where C++ (and every typed JS reader) reads the whole header first, so a cut header was
// 'BadFlags' rather than 'Truncated'.
test('a generic value in a compatible-mode message: truncated while the header is cut, then bad flags', async () => {
  const core = await loadCore();
  const cases = [
    [[0x4b, 0x01, 0x04, 0x60, 0x70], 'Truncated', 0],
    [[0x4b, 0x01, 0x04, 0x60, 0x70, 0x6a, 0x3b, 0x00], 'BadFlags', 2],
    [[0x4b, 0x01, 0x14, 0x00], 'BadFlags', 2],
  ];
  for (const [list, code, offset] of cases) {
    const bytes = Uint8Array.from(list);
    assert.throws(() => deserialize(bytes), { code, offset }, `${list}`);
    const cpp = core.validate(VALUE, bytes);
    assert.deepStrictEqual([cpp?.code, cpp?.offset], [code, offset], `${list}`);
  }
});

// Found by the differential fuzzer: in a typed message with shared strings, JS read the object
// keys of a kiln::Value field as shared strings (and wrote long or non-ASCII keys and strings of
// one that way), where generic values never share strings (FORMAT.md 3.1).
test('a generic value inside a message with shared strings shares none of its strings', () => {
  // document_value_tracked.bin with flags 0x0a (tracking, shared strings) and the title's tag
  // made 0x06 (a new string of 3 bytes): C++ reads the body's keys as plain strings and stops
  // after `version` with 4 bytes left.
  const bytes = Uint8Array.from(Buffer.from(
    '4b010a27e43acc066e6f7465730b04046e616d65446b696c6e04746167730a02446661737445736d616c6c057374' +
    '6174730b0505636f756e748305726174696f05000000000000e83f0362696704ffc7afa025026f6b03046e6f6e65' +
    '0005616761696e10010a038741780a02446661737445736d616c6c02000000', 'hex'));
  assert.throws(() => new Codec().deserialize(Document, bytes), { code: 'TrailingBytes', offset: 97 });
  // Written with shared strings, a document whose only typed string is empty (a new shared
  // string of length 0 is the byte 00, as a plain one) differs from the plain message in the
  // flags byte alone.
  const long = 'k'.repeat(70);
  const doc = { title: '', body: { [long]: long, 'é': 'é', [`${long}2`]: [long] }, extra: { [long]: 1 }, version: 1 };
  const plain = new Codec({ trackReferences: true }).serialize(Document, doc);
  const shared = new Codec({ trackReferences: true, shareStrings: true }).serialize(Document, doc);
  assert.equal(shared[2], plain[2] | 0x08);
  assert.deepStrictEqual(shared.subarray(3), plain.subarray(3));
  assert.deepStrictEqual(new Codec().deserialize(Document, shared), doc);
});
