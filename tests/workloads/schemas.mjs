// The benchmark workloads (workloads.hpp, test_class.hpp) declared in JavaScript with kiln-sdk's schema
// constructors: the same shapes and wire names as the C++ types, so the same bytes.
import {
  struct, i8, i16, i32, i64, f32, f64, bool, char16, string, vector, map, array, shared, weak,
} from '../../js/index.mjs';

const cycle = [i32, i64, f32, f64];
export const Struct = struct('Struct', Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [`f${i + 1}`, cycle[i % 4]])));

const fooFields = { f1: i32, f2: string, f3: vector(string), f4: map(string, i64) };
export const Foo = struct('Foo', fooFields);
export const Record = struct('Record', fooFields);
export const Bulk = vector(Foo);

export const TestBaseClass = struct('TestBaseClass', {
  m_byte: i8, m_short: i16, m_long: i64, m_float: f32, m_double: f64, m_char: char16, m_boolean: bool,
  m_int: i32, m_string: string, m_ints: array(i32, 8), m_strings: array(string, 8),
});
const object = shared(TestBaseClass);
export const TestClass = struct('TestClass', {
  m_int: i32, m_object1: object, m_object2: object, m_objects: array(object, 4),
}, { bases: [TestBaseClass] });

// A recursive type: its fields are a function, called once the name TreeNode is bound.
export const TreeNode = struct('TreeNode', () => ({
  name: string, children: vector(shared(TreeNode)), parent: weak(TreeNode),
}));
export const Tree = shared(TreeNode);
