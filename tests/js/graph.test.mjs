// Object graphs in JS: TestClass keeps the identity of its shared object, a tree with parent
// links comes back as a cycle, and the JS and C++ (wasm) codecs agree byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Codec, KilnError, loadCore } from '../../js/index.mjs';
import { TestClass, Tree } from '../../js/workloads.mjs';
import { makeTestClass } from './workloads.mjs';

const tracking = new Codec({ trackReferences: true });

/** Decodes forged bytes in JS (with tracking) and in C++ (wasm): both must reject them with the
 *  same code, offset and message. Returns the JS error. */
function rejectedByBoth(core, bytes, what) {
  let js;
  try {
    tracking.deserialize(Tree, bytes);
  } catch (e) {
    js = e;
  }
  const cpp = core.validate(Tree, bytes);
  assert.ok(js instanceof KilnError, `JS accepted ${what}`);
  assert.ok(cpp, `C++ accepted ${what}`);
  assert.equal(js.code, cpp.code);
  assert.equal(js.offset, cpp.offset);
  assert.equal(js.message, cpp.message);
  return js;
}

test('TestClass: m_object1 === m_object2 after a round trip with tracking', () => {
  for (const options of [{}, { compressNumbers: true }, { compressNumbers: true, shareStrings: true }]) {
    const codec = new Codec({ ...options, trackReferences: true });
    const out = codec.deserialize(TestClass, codec.serialize(TestClass, makeTestClass()));
    assert.deepStrictEqual(out, makeTestClass());
    assert.equal(out.m_object1, out.m_object2);
    assert.equal(new Set(out.m_objects).size, 4);
    assert.ok(!out.m_objects.includes(out.m_object1));
    assert.equal(out.TestBaseClass.m_int, 8); // the base's field, hidden in C++ by TestClass::m_int
    assert.equal(out.m_int, 4);
  }
});

test('TestClass: without tracking the shared object is written twice and comes back as two', () => {
  const plain = new Codec().serialize(TestClass, makeTestClass());
  const tracked = tracking.serialize(TestClass, makeTestClass());
  assert.ok(plain.length > tracked.length + 100);
  const out = new Codec().deserialize(TestClass, plain);
  assert.notEqual(out.m_object1, out.m_object2);
  assert.deepStrictEqual(out.m_object1, out.m_object2);
});

test('TestClass: JS bytes equal the C++ encoder\'s in every option combination', async () => {
  const core = await loadCore();
  for (const compressNumbers of [false, true]) {
    for (const trackReferences of [false, true]) {
      for (const shareStrings of [false, true]) {
        const options = { compressNumbers, trackReferences, shareStrings };
        const bytes = new Codec(options).serialize(TestClass, makeTestClass());
        assert.equal(core.validate(TestClass, bytes), null);
        assert.deepStrictEqual(core.reencode(TestClass, bytes, options), bytes, JSON.stringify(options));
      }
    }
  }
});

function makeTree() {
  const root = { name: 'root', children: [], parent: null };
  for (const name of ['a', 'b']) {
    const child = { name, children: [], parent: root };
    child.children.push({ name: `${name}1`, children: [], parent: child });
    root.children.push(child);
  }
  return root;
}

test('Tree: parent links come back as cycles', async () => {
  const bytes = tracking.serialize(Tree, makeTree());
  const root = tracking.deserialize(Tree, bytes);
  assert.equal(root.name, 'root');
  assert.equal(root.parent, null);
  assert.deepStrictEqual(root.children.map((c) => c.name), ['a', 'b']);
  for (const child of root.children) {
    assert.equal(child.parent, root);
    assert.equal(child.children[0].parent, child);
  }
  // The C++ decoder reads the same graph and writes the same bytes.
  const core = await loadCore();
  assert.deepStrictEqual(core.reencode(Tree, bytes, { trackReferences: true }), bytes);
});

test('Tree: a cycle without tracking is an encode error, not a stack overflow', () => {
  assert.throws(() => new Codec().serialize(Tree, makeTree()), (e) => {
    assert.ok(e instanceof KilnError);
    assert.equal(e.code, 'DepthExceeded');
    assert.match(e.message, /trackReferences/);
    return true;
  });
  // The codec still works afterwards.
  const ok = new Codec().serialize(Tree, { name: 'x', children: [], parent: null });
  assert.equal(new Codec().deserialize(Tree, ok).name, 'x');
});

test('forged back-references are rejected as by the C++ decoder', async () => {
  const core = await loadCore();
  const good = tracking.serialize(Tree, makeTree());
  // header(7) root:new(1) "root"(5) 2 children: a:new(1) "a"(2) 1 child: a1:new(1) "a1"(3)
  // 0 children, parent = ref #1 (tag 3 at byte 23); then a's parent = ref #0 (tag 2 at byte 24).
  assert.deepStrictEqual([...good.subarray(22, 25)], [0, 3, 2]);
  const cases = [];
  let bad = good.slice();
  bad[24] = 11; // ref #9: out of range
  cases.push(bad);
  bad = good.slice();
  bad[2] = 0;
  cases.push(bad);
  for (const bytes of cases) {
    assert.equal(rejectedByBoth(core, bytes, 'a forged reference').code, 'BadReference');
  }
});

test('a forged owning cycle is rejected as by the C++ decoder', async () => {
  const core = await loadCore();
  // root 'r' with one child 'c' whose own children list holds a back-reference to the root
  // (object #0, still being read): a cycle of shared_ptrs that C++ could never free.
  // header, root new(1) "r"(2) children 1: child new(1) "c"(2) children 1: ref #0 (2),
  // child parent = ref #0 (2), root parent = null (0)
  const header = tracking.serialize(Tree, { name: 'x', children: [], parent: null }).subarray(0, 7);
  const bytes = new Uint8Array([...header, 1, 1, 0x72, 1, 1, 1, 0x63, 1, 2, 2, 0]);
  const js = rejectedByBoth(core, bytes, 'an owning cycle');
  assert.equal(js.code, 'BadReference');
  assert.equal(js.offset, 15);
  assert.match(js.message, /still being read/);
  // Allowed on request: JS has a garbage collector.
  const lenient = new Codec({ trackReferences: true, limits: { allowOwningCycles: true } });
  const root = lenient.deserialize(Tree, bytes);
  assert.equal(root.children[0].children[0], root);
});

// root lists a and then b; b owns a as well, and a's parent link (weak) points at b, so the
// writer meets b first through a weak_ptr: it announces b, and b's fields come where root lists it.
function makeWeakFirstTree() {
  const root = { name: 'root', children: [], parent: null };
  const b = { name: 'b', children: [], parent: root };
  const a = { name: 'a', children: [], parent: b };
  b.children.push(a);
  root.children.push(a, b);
  return root;
}

test('Tree: a node first met through a weak parent link is announced, then filled', async () => {
  const bytes = tracking.serialize(Tree, makeWeakFirstTree());
  // root new #0 "root", 2 children: a new #1 "a" (0 children, parent: announce #2 = tag 4);
  // b = tag 4 and its fields "b", 1 child: ref #1 (3), parent: ref #0 (2); root parent null
  const payload = [1, 4, ...Buffer.from('root'), 2, 1, 1, 0x61, 0, 4, 4, 1, 0x62, 1, 3, 2, 0];
  assert.deepStrictEqual([...bytes.subarray(7)], payload);
  const root = tracking.deserialize(Tree, bytes);
  const [a, b] = root.children;
  assert.deepStrictEqual([a.name, b.name], ['a', 'b']);
  assert.equal(a.parent, b);
  assert.equal(b.children[0], a);
  assert.equal(b.parent, root);
  // The C++ decoder reads it (with its owning-cycle rule: nothing here is a cycle of owners) and
  // writes the same bytes.
  const core = await loadCore();
  assert.equal(core.validate(Tree, bytes), null);
  assert.deepStrictEqual(core.reencode(Tree, bytes, { trackReferences: true }), bytes);
});

test('forged announcements are rejected as by the C++ decoder', async () => {
  const core = await loadCore();
  const good = tracking.serialize(Tree, makeWeakFirstTree());
  const at = 7 + 11; // a's parent: the announcing tag 4
  assert.equal(good[at], 4);
  const cases = [
    [at, 5, /object #3 but only 2 objects so far/], // a weak_ptr may announce the next number only
    [at + 1, 5, /object #3 but only 3 objects so far/], // nor may a shared_ptr announce one
    [at + 5, 4, /still being read/], // b's child: b itself, being filled
  ];
  for (const [i, value, message] of cases) {
    const bytes = good.slice();
    bytes[i] = value;
    const js = rejectedByBoth(core, bytes, `byte ${i} = ${value}`);
    assert.equal(js.code, 'BadReference');
    assert.match(js.message, message);
  }
});

// Each repeat of a shared string is charged its bytes again (FORMAT.md 6.5: the C++ decoder
// copies it), so a short message of many repeats of a long string fails in JS exactly where it
// fails in the C++ decoder, instead of the C++ side allocating hundreds of megabytes.
test('repeats of a shared string are charged to the allocation budget, as in C++', async () => {
  const { Record } = await import('../../js/workloads.mjs');
  const long = 'x'.repeat(4096);
  const record = { f1: 1, f2: long, f3: new Array(20000).fill(long), f4: {} };
  const shared = new Codec({ shareStrings: true });
  const bytes = shared.serialize(Record, record);
  assert.ok(bytes.length < 4096 + 20100, `${bytes.length} bytes`);
  let js;
  try {
    shared.deserialize(Record, bytes);
  } catch (e) {
    js = e;
  }
  assert.ok(js instanceof KilnError, 'decoded');
  assert.equal(js.code, 'AllocationLimit');
  const cpp = (await loadCore()).validate(Record, bytes);
  assert.equal(cpp?.code, 'AllocationLimit');
  assert.equal(js.offset, cpp.offset);
  assert.equal(js.message, cpp.message);
  // With a budget that holds the copies, both read it.
  const roomy = new Codec({ shareStrings: true, limits: { maxAllocBytes: 2 ** 28 } });
  assert.equal(roomy.deserialize(Record, bytes).f3[19999], long);
});
