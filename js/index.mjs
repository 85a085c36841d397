// kiln-sdk: fast, compact, code-generation-free serialization, byte-compatible with the C++ core.
// The runtime, the schema constructors and framed streams; their Node stream.Transforms are
// kiln-sdk/node, the generated codecs of the benchmark workloads kiln-sdk/workloads.
export {
  Codec, KilnError, DEFAULT_LIMITS, serialize, serializeView, serializeInto, deserialize,
} from './runtime/index.mjs';
export {
  Schema, bool, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, char8, char16, char32, string, value,
  vector, array, set, map, optional, variant, tuple, enumeration, struct, unique, shared, weak,
} from './runtime/schema/index.mjs';
export { loadCore } from './core.mjs';
export { inspect, fieldIdOf } from './runtime/inspect.mjs';
export {
  DEFAULT_MAX_FRAME_BYTES, encodeFrame, FrameReader, readFrames, readMessages, FrameDecoderStream, FrameEncoderStream,
  MessageDecoderStream, MessageEncoderStream,
} from './runtime/stream/index.mjs';
