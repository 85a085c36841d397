// Types of the kiln-sdk package (the runtime; the workload codecs are kiln-sdk/workloads).
export {
  Codec, CodecOptions, CodecConfig, Decoded, Int64AsNumber, MapsAsMap, KilnError, KilnType, Limits,
  DEFAULT_LIMITS, TypeReadOptions, serialize, serializeView, serializeInto, deserialize, KilnValue, ValueOptions,
} from './runtime/index.js';

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
/** Loads the wasm core once, on first use: imports the package's core module (the wasm as base64). */
export function loadCore(): Promise<KilnCore>;

/**
 * A compatible-mode message as one line of JSON, read without its types (docs/FORMAT.md 9.6):
 * the same text the native `kiln-inspect` prints (without its final newline).
 * Throws KilnError for a schema-consistent message or malformed input.
 */
export function inspect(bytes: Uint8Array, limits?: Partial<import('./runtime/index.js').Limits>): string;
/** The compatible-mode id a field gets from its name (32-bit FNV-1a of its UTF-8 bytes). */
export function fieldIdOf(name: string): number;
