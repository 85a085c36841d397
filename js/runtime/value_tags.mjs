// Tags of the generic-value encoding (docs/FORMAT.md section 9), shared by the JS encoder and
// decoder. The C++ side spells the same numbers in core/kiln/detail/wire/value_tags.hpp;
// tests/js/constants.test.mjs checks that the names and numbers agree.

/** Fingerprint of the token sequence ["value"]: the root "type" of a generic-value message. */
export const VALUE_FINGERPRINT = 0x3b6a7060;

export const T_NULL = 0x00;
export const T_UNDEFINED = 0x01;
export const T_FALSE = 0x02;
export const T_TRUE = 0x03;
export const T_INT = 0x04; // zigzag varint, int64
export const T_FLOAT = 0x05; // float64 LE
export const T_BIG_INT = 0x06; // varint (bytes << 1 | negative), magnitude LE
export const T_STRING = 0x07; // varint byte length, UTF-8
export const T_DATE = 0x08; // float64 ms since the epoch
export const T_HOLE = 0x09; // a missing array element
export const T_ARRAY = 0x0a;
export const T_OBJECT = 0x0b;
export const T_MAP = 0x0c;
export const T_SET = 0x0d;
export const T_TYPED_ARRAY = 0x0e; // element kind u8, varint byte length, bytes
export const T_ARRAY_BUFFER = 0x0f; // ArrayBuffer: varint byte length, bytes
export const T_REFERENCE = 0x10; // varint id of a container met before
export const T_SHORT_STRING = 0x40; // 0x40 | length, length < 64
export const T_SMALL_INT = 0x80; // 0x80 | value, 0 <= value < 128

// Typed array element kinds: [name, bytes per element]. The index is the kind byte on the wire.
export const TYPED_KINDS = [
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array,
];
export const TYPED_KIND_BY_NAME = new Map(TYPED_KINDS.map((c, i) => [c.name, i]));
