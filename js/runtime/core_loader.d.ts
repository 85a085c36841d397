import type { CodecOptions, KilnError, KilnType } from './index.js';

/** A Kiln wasm core: the C++ decoder and encoder for a fixed list of types. */
export interface KilnCore {
  /** Format version the core reads and writes. */
  readonly formatVersion: number;
  readonly types: ReadonlyArray<{ name: string; fingerprint: number }>;
  /** The C++ decoder's verdict: null when valid, else the error it reports. */
  validate(type: KilnType<unknown, unknown>, bytes: Uint8Array,
           options?: { validateUtf8?: boolean } & CodecOptions): KilnError | null;
  /** Decodes with the C++ decoder and re-encodes with the C++ encoder. */
  reencode(type: KilnType<unknown, unknown>, bytes: Uint8Array,
           options?: CodecOptions, readOptions?: CodecOptions): Uint8Array;
  heapBytes(): number;
}

/**
 * Returns a loadCore() for the two modules `load` resolves to: the Emscripten factory, and the
 * module whose default export resolves to the wasm bytes.
 */
export declare function coreLoader(
  load: () => Promise<[{ default: (options: object) => Promise<unknown> }, { default: () => Promise<Uint8Array> }]>,
): () => Promise<KilnCore>;
