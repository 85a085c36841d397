// Types of the kiln package.
export {
  Struct, Foo, Record, Bulk, TestClass, StructInput, FooInput, RecordInput, TestClassInput,
  TestBaseClass, TestBaseClassInput, Tree, TreeNode, TreeNodeInput,
} from './generated/workloads';
export {
  Codec, CodecOptions, CodecConfig, Int64AsNumber, KilnError, KilnType, Limits, DEFAULT_LIMITS,
  serialize, deserialize, KilnValue, ValueOptions,
} from './runtime/index';

export interface KilnCore {
  /** Format version the core reads and writes. */
  readonly formatVersion: number;
  readonly types: ReadonlyArray<{ name: string; fingerprint: number }>;
  /** The C++ decoder's verdict: null when valid, else the error it reports. */
  validate(type: import('./runtime/index').KilnType<unknown, unknown>, bytes: Uint8Array,
           options?: { validateUtf8?: boolean } & import('./runtime/index').CodecOptions): import('./runtime/index').KilnError | null;
  /** Decodes with the C++ decoder and re-encodes with the C++ encoder. */
  reencode(type: import('./runtime/index').KilnType<unknown, unknown>, bytes: Uint8Array,
           options?: import('./runtime/index').CodecOptions,
           readOptions?: import('./runtime/index').CodecOptions): Uint8Array;
  heapBytes(): number;
}
/** Loads the wasm core once (embedded in the package; no network access). */
export function loadCore(): Promise<KilnCore>;

/**
 * A compatible-mode message as one line of JSON, read without its types (docs/FORMAT.md 9.6):
 * the same text the native `kiln-inspect` prints (without its final newline).
 * Throws KilnError for a schema-consistent message or malformed input.
 */
export function inspect(bytes: Uint8Array, limits?: Partial<import('./runtime/index').Limits>): string;
/** The compatible-mode id a field gets from its name (32-bit FNV-1a of its UTF-8 bytes). */
export function fieldIdOf(name: string): number;
