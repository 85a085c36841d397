// The runtime the generated encoders/decoders build on.
export { KilnError, invalid } from './errors.mjs';
export { Reader, DEFAULT_LIMITS } from './reader.mjs';
export { Writer, isI64, isU64, writeI64, writeZigzag64, writeVarint64 } from './writer.mjs';
export { orderedKeys } from './order.mjs';
export { plainObject } from './plain_object.mjs';
export { Codec, defineType } from './codec.mjs';
export { serialize, serializeView, serializeInto, deserialize, VALUE_FINGERPRINT } from './value.mjs';
// The schema constructors (struct, i32, vector, ...): the generated module declares its types with
// them too, which gives the generated codecs compatible mode.
export * as schema from './schema/index.mjs';
