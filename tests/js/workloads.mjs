// The workload values of tests/workloads/workloads.hpp, as the JS decoder returns them:
// int64 as BigInt, float fields rounded to float32, maps as plain objects.
// Decoded maps with string keys are plain objects; Object.fromEntries makes even a
// '__proto__' key an own property, as the decoder does.
export const dict = (entries) => Object.fromEntries(entries);

export function makeStruct() {
  return {
    f1: 10, f2: 123456788n, f3: Math.fround(1 / 5), f4: 1 / 7,
    f5: 11, f6: 123456789n, f7: Math.fround(2 / 5), f8: 2 / 7,
    f9: 12, f10: 123456788n, f11: Math.fround(3 / 5), f12: 3 / 7,
  };
}

export function makeFoo() {
  const f3 = [];
  const f4 = [];
  for (let i = 0; i < 20; i++) {
    f3.push(`string${i}`);
    f4.push([`key${i}`, BigInt(i)]);
  }
  return { f1: 100, f2: 'abc', f3, f4: dict(f4) };
}

export function makeRecord() {
  return { f1: 10, f2: 'abc', f3: ['str1', 'str2'], f4: dict([['k1', 10n], ['k2', 20n]]) };
}

export function makeTestBaseClass() {
  const m_strings = [];
  for (let i = 0; i < 8; i++) m_strings.push(`string value #${i}`);
  return {
    m_byte: 1, m_short: 2, m_long: 3n, m_float: 4, m_double: 5, m_char: '6'.charCodeAt(0),
    m_boolean: true, m_int: 8, m_string: 'some string', m_ints: new Int32Array(8).fill(8),
    m_strings,
  };
}

// TestClass: base-class fields nested under TestBaseClass; m_object1 and m_object2 are one object.
export function makeTestClass() {
  const shared = makeTestBaseClass();
  return {
    TestBaseClass: makeTestBaseClass(), m_int: 4, m_object1: shared, m_object2: shared,
    m_objects: [makeTestBaseClass(), makeTestBaseClass(), makeTestBaseClass(), makeTestBaseClass()],
  };
}

export const WORKLOADS = [
  ['Struct', 'struct', makeStruct],
  ['Foo', 'foo', makeFoo],
  ['Record', 'record', makeRecord],
  ['TestClass', 'testclass', makeTestClass],
];
