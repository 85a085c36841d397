// The types of tests/workloads/golden_features.hpp declared with kiln-sdk's schema constructors:
// the same wire names, fields and order, so the same bytes. Drawing, the polymorphic-pointer
// type, is not here: JS has no polymorphic pointers.
import {
  struct, vector, array, set, map, optional, variant, tuple, enumeration, unique, shared, weak, value,
  bool, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, char8, char16, char32, string, fieldIdOf,
} from '../../js/index.mjs';

export const Note = struct('Note', { text: string });
export const GraphNode = struct('GraphNode', () => ({
  name: string, note: unique(Note), children: vector(shared(GraphNode)), parent: weak(GraphNode),
}));
export const Graph = struct('Graph', { focus: weak(GraphNode), root: shared(GraphNode) });
/** Graph's value in graph_tracked.bin and graph_compatible.bin (make_graph in golden_features.hpp):
 *  b is announced by focus (a weak_ptr) and filled where root lists it; a is listed twice; a and
 *  b point weakly at their parent. */
export function makeGraph() {
  const top = { name: 'root', note: { text: 'top' }, children: [], parent: null };
  const a = { name: 'a', note: null, children: [], parent: top };
  const b = { name: 'b', note: { text: 'second' }, children: [], parent: top };
  top.children.push(a, b, a);
  return { focus: b, root: top };
}
// The version before focus, notes and parents (graph_v1 in C++): a reader that skips pointers.
export const GraphNodeV1 = struct('GraphNode', () => ({ name: string, children: vector(shared(GraphNodeV1)) }));
export const GraphV1 = struct('Graph', { root: shared(GraphNodeV1) });
// Drawing without its polymorphic pointers (drawing_v0 in C++): JS has none, it skips them.
export const DrawingV0 = struct('Drawing', { title: string });

export const Document = struct('Document', { title: string, body: value, extra: value, version: i32 });

export const Envelope = struct('Envelope', { kind: string, payload: value, seq: i32 });
/** Envelope's value in envelope_value_compatible.bin (make_envelope in golden_features.hpp). */
export function makeEnvelope() {
  const map = new Map([['a', 1], [2, new Set([true, null])]]);
  return {
    kind: 'event',
    payload: {
      1: [1, , 'x'], // eslint-disable-line no-sparse-arrays
      name: 'kiln', undef: undefined, big: -0x1234567890abcdef12n, when: new Date(1700000000000), ratio: 0.5,
      low: -Infinity, map, bytes: new Uint8Array([1, 2, 3]), f32: new Float32Array([0.5, -1.25]),
      i64: new BigInt64Array([-1n]), buf: new Uint8Array([9, 8]).buffer, again: map,
    },
    seq: 7,
  };
}
// The version before it had a payload (envelope_v1 in C++): a reader that skips the Value field.
export const EnvelopeV1 = struct('Envelope', { kind: string, seq: i32 });

export const Category = struct('Category', () => ({ id: u32, name: string, children: vector(Category) }));

export const Level = enumeration('Level', u8);
export const Offset = enumeration('Offset', i64);
export const Scalars = struct('Scalars', {
  yes: bool, c8: char8, c16: char16, c32: char32, i8, u8, i16, u16, i32, u32, i64, u64, f32, f64,
  level: Level, offset: Offset, u32s: vector(u32), i64s: vector(i64),
});

export const Price = struct('Price', { cents: i64, currency: string });
export const Item = struct('Item', {
  sku: u32, title: string, price: Price, note: optional(string), tags: set(string),
}, { ids: { title: fieldIdOf('name') } }); // renamed from "name": keeps the old name's id
export const Shelf = struct('Shelf', { label: string, position: array(i16, 2), items: vector(Item) });
export const Catalog = struct('Catalog', {
  name: string, shelves: vector(Shelf), discounts: map(string, Price), revision: variant(i32, string),
  version: tuple(i32, i32),
});

export const Labels = struct('Labels', {
  owner: string, names: vector(string), by_key: map(string, string), fallback: optional(string),
});

// Base classes are properties named after the base, holding its fields.
export const Contact = struct('Contact', { email: string });
export const Party = struct('Party', { name: string, since: i64 }, { bases: [Contact] });
export const Audited = struct('Audited', { revision: u32 });
export const Vendor = struct('Vendor', { rating: u16, regions: vector(string) }, { bases: [Party, Audited] });
