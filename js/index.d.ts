// Types of the kiln-sdk package (the runtime and the schema constructors; the workload codecs are
// kiln-sdk/workloads).
export {
  Codec, CodecOptions, CodecConfig, Decoded, Int64AsNumber, MapsAsMap, KilnError, KilnType, Limits,
  DEFAULT_LIMITS, TypeReadOptions, serialize, serializeView, serializeInto, deserialize, KilnValue, ValueOptions,
} from './runtime/index.js';
export {
  Schema, Infer, InferInput, StructSchema, StructOptions, NumberSchema, bool, i8, i16, i32, i64, u8, u16, u32, u64,
  f32, f64, char8, char16, char32, string, value, vector, array, set, map, optional, variant, tuple, enumeration,
  struct, unique, shared, weak,
} from './runtime/schema/index.js';
export {
  DEFAULT_MAX_FRAME_BYTES, encodeFrame, Frame, FrameOptions, FrameReader, FrameSource, readFrames, readMessages,
  MessageReadOptions, MessageWriteOptions, MessageOf, FrameDecoderStream, FrameEncoderStream, MessageDecoderStream,
  MessageEncoderStream,
} from './runtime/stream/index.js';

export interface KilnCore {
  /** Format version the core reads and writes. */
  readonly formatVersion: number;
  readonly types: ReadonlyArray<{ name: string; fingerprint: number }>;
  /** The C++ decoder's verdict: null when valid, else the error it reports. */
  validate(type: import('./runtime/index.js').KilnType<unknown, unknown>, bytes: Uint8Array,
           options?: { validateUtf8?: boolean } & import('./runtime/index.js').CodecOptions): import('./runtime/index.js').KilnError | null;
  /** Decodes with the C++ decoder and re-encodes with the C++ encoder. */
  reencode(type: import('./runtime/index.js').KilnType<unknown, unknown>, bytes: Uint8Array,
           options?: import('./runtime/index.js').CodecOptions,
           readOptions?: import('./runtime/index.js').CodecOptions): Uint8Array;
  heapBytes(): number;
}
/** Loads the wasm core once, on first use: imports the package's core modules, which read
 *  generated/kiln_core.wasm (a file in Node, fetched in a browser). */
export function loadCore(): Promise<KilnCore>;

/**
 * A compatible-mode message as one line of JSON, read without its types (docs/FORMAT.md 9.6):
 * the same text the native `kiln-inspect` prints (without its final newline).
 * Throws KilnError for a schema-consistent message or malformed input.
 */
export function inspect(bytes: Uint8Array, limits?: Partial<import('./runtime/index.js').Limits>): string;
/** The compatible-mode id a field gets from its name (32-bit FNV-1a of its UTF-8 bytes). */
export function fieldIdOf(name: string): number;
