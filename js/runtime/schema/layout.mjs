// Sizes and alignments of the C++ types a schema stands for, as the wasm32 build of the core
// (clang, libc++) lays them out. The decoder charges its allocation budget in these bytes
// (docs/FORMAT.md 6.5), as the generated decoders do, so a JS-declared schema, a generated
// codec and the wasm core give the same verdict on every input. tests/js/constants.test.mjs
// holds these numbers to the sizes the core's compiler reports.
export const POINTER = 4;
export const STRING = { size: 12, align: 4 }; // std::string
export const VECTOR = { size: 12, align: 4 }; // std::vector
export const TREE = { size: 12, align: 4 }; // std::set, std::map
export const UNIQUE_PTR = { size: 4, align: 4 };
export const SHARED_PTR = { size: 8, align: 4 }; // also std::weak_ptr
// Node links a node-based container (set, map) adds per element (FORMAT.md 6.5).
export const NODE_LINKS = 4 * POINTER;

const roundUp = (n, a) => Math.ceil(n / a) * a;

/** A struct's layout from its members' in declaration order; empty is 1 byte. `bases` come
 *  first. As the Itanium C++ ABI lays out a class, the next member may use the tail padding of a
 *  base that is not a POD (not trivial: it holds a string, a container, a pointer...): such a
 *  base takes its data size (`dsize`), not its size. A base of numbers only is taken to be a POD;
 *  one with default member initializers is not, and needs the struct's `size` option. */
export function structLayout(members, bases = []) {
  let end = 0;
  let align = 1;
  for (const b of bases) {
    end = roundUp(end, b.align) + (b.trivial ? b.size : b.dsize);
    align = Math.max(align, b.align);
  }
  for (const m of members) {
    end = roundUp(end, m.align) + m.size;
    align = Math.max(align, m.align);
  }
  return { size: end === 0 ? 1 : roundUp(end, align), align, dsize: end };
}

/** std::tuple<E...> in libc++: members in order, empty members take no room. */
export function tupleLayout(members) {
  return structLayout(members.filter((m) => !m.empty));
}

/** std::optional<E>: the value, then the engaged flag. */
export function optionalLayout(e) {
  return { size: roundUp(e.size + 1, e.align), align: e.align };
}

/** std::variant<A...> in libc++: a union of the alternatives, then the smallest index type. */
export function variantLayout(alts) {
  const index = alts.length < 255 ? 1 : alts.length < 65535 ? 2 : 4;
  const align = Math.max(index, ...alts.map((a) => a.align));
  const union = Math.max(...alts.map((a) => a.size));
  return { size: roundUp(roundUp(union, index) + index, align), align };
}

/** std::array<E, N>; libc++ gives std::array<E, 0> the room of one E. */
export function arrayLayout(e, n) {
  return { size: n === 0 ? e.size : e.size * n, align: e.align };
}
