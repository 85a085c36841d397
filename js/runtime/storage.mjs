// The storage measure of the allocation budget (docs/FORMAT.md 6.5): what decoding a value is
// charged, defined by the format from its type alone, as the C++ core defines it
// (kiln/detail/ser/storage.hpp), so every decoder gives the same verdict on every input.
// tests/js/constants.test.mjs holds these numbers to the core's.

/** A string's or a container's handle. */
export const HANDLE_STORAGE = 24;
/** A generic value (kiln::Value). */
export const VALUE_STORAGE = 24;
/** The links of one node of a set or a map. */
export const NODE_LINKS = 32;
export const UNIQUE_PTR_STORAGE = 8;
export const SHARED_PTR_STORAGE = 16; // also weak_ptr

/** What one element of a container is charged: its storage, at least 1, plus a node's links
 *  for node-based containers (sets and maps). */
export function elementCharge(storage, node) {
  return Math.max(storage, 1) + (node ? NODE_LINKS : 0);
}
