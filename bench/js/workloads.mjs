// The benchmark workloads as plain JS objects (DESIGN.md section 4 values). int64 fields are
// numbers (all safe integers), so every library can take the same objects.
export function makeStruct() {
  return { f1: 10, f2: 123456788, f3: 1 / 5, f4: 1 / 7, f5: 11, f6: 123456789, f7: 2 / 5, f8: 2 / 7,
    f9: 12, f10: 123456788, f11: 3 / 5, f12: 3 / 7 };
}

export function makeFoo() {
  const foo = { f1: 100, f2: 'abc', f3: [], f4: {} };
  for (let i = 0; i < 20; i++) {
    foo.f3.push(`string${i}`);
    foo.f4[`key${i}`] = i;
  }
  return foo;
}

export function makeRecord() {
  return { f1: 10, f2: 'abc', f3: ['str1', 'str2'], f4: { k1: 10, k2: 20 } };
}

// Bulk: 1,000 Foo with varied strings, from the same xorshift64* sequence as make_bulk() in
// bench/peers/types.hpp. The one difference: int64 values are reduced to 53 bits so that they
// are exact JS numbers for every library.
export function makeBulk() {
  let state = 0x9e3779b97f4a7c15n;
  const M64 = (1n << 64n) - 1n;
  const next = () => {
    state ^= state >> 12n;
    state = (state ^ (state << 25n)) & M64;
    state ^= state >> 27n;
    return ((state * 0x2545f4914f6cdd1dn) & M64) >> 32n;
  };
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const utf8Length = (s) => new TextEncoder().encode(s).length;
  const text = (prefix) => {
    const n = 3 + Number(next() % 38n);
    if (next() % 16n === 0n) prefix += 'été-';
    while (utf8Length(prefix) < n) prefix += chars[Number(next() % BigInt(chars.length))];
    return prefix;
  };
  const items = [];
  for (let i = 0; i < 1000; i++) {
    const foo = { f1: Number(next() % 100000n), f2: text('name'), f3: [], f4: {} };
    const n = 5 + Number(next() % 31n);
    for (let j = 0; j < n; j++) foo.f3.push(text('s'));
    for (let j = 0; j < n; j++) {
      const v = next();
      foo.f4[text(`key${j}`)] = Number(BigInt.asUintN(53, j % 3 === 0 ? v << 8n : v % 1000n));
    }
    items.push(foo);
  }
  return items;
}

// A mixed value for the schema-free APIs: what a page might post as JSON.
export function makeMixed() {
  const items = [];
  for (let i = 0; i < 10; i++) {
    items.push({ id: 1000 + i, name: `item ${i} – prix ${i * 3} €`, price: 9.99 + i, inStock: i % 3 !== 0,
      tags: ['new', `t${i}`], dims: [i, i * 2.5, -i], note: i % 4 === 0 ? null : 'ok' });
  }
  return { user: { id: 123456789, login: 'zoë', admin: false, score: -17.25 }, items,
    matrix: [[1, 2, 3], [4, 5, 6]], cursor: 'eyJwYWdlIjoyfQ==', total: 10 };
}

// TestClass (tests/workloads/test_class.hpp): the base class's fields in an object named after
// it, and one object reached through both m_object1 and m_object2. Plain arrays for m_ints, so
// JSON and MessagePack take the same object (Kiln accepts arrays and returns an Int32Array).
function makeTestBaseClass() {
  const m_strings = [];
  for (let i = 0; i < 8; i++) m_strings.push(`string value #${i}`);
  return { m_byte: 1, m_short: 2, m_long: 3, m_float: 4, m_double: 5, m_char: 54, m_boolean: true,
    m_int: 8, m_string: 'some string', m_ints: [8, 8, 8, 8, 8, 8, 8, 8], m_strings };
}
export function makeTestClass() {
  const shared = makeTestBaseClass();
  return { TestBaseClass: makeTestBaseClass(), m_int: 4, m_object1: shared, m_object2: shared,
    m_objects: [makeTestBaseClass(), makeTestBaseClass(), makeTestBaseClass(), makeTestBaseClass()] };
}

export const WORKLOADS = { Struct: makeStruct, Foo: makeFoo, Record: makeRecord, Bulk: makeBulk, TestClass: makeTestClass };
