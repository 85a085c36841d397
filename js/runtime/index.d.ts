export interface Limits {
  maxDepth: number;
  maxStringBytes: number;
  maxCollectionLength: number;
  /** Shared objects and shared strings numbered in one message. */
  maxReferences: number;
}
export declare const DEFAULT_LIMITS: Readonly<Limits>;

/** A type the generator emitted: encoder and decoder for one C++ type. */
export interface KilnType<Out, In> {
  readonly name: string;
  readonly cppName: string;
  readonly fingerprint: number;
  serialize(value: In, options?: CodecOptions): Uint8Array;
  deserialize(bytes: Uint8Array): Out;
}

export declare class KilnError extends Error {
  /** 'Truncated', 'SchemaMismatch', 'BadUtf8', ... (the C++ ErrorCode names), or
   *  'InvalidArgument' / 'BufferTooSmall' for values and buffers passed in. */
  readonly code: string;
  /** Byte offset of the problem in the message, or null for encode errors. */
  readonly offset: number | null;
  readonly detail: string;
}

export interface CodecOptions {
  /** Varint/zigzag for 32- and 64-bit integers instead of fixed width. */
  compressNumbers?: boolean;
  /** Write an object reached twice through pointers once; keeps identity and cycles. */
  trackReferences?: boolean;
  /** Write each distinct string once per message. */
  shareStrings?: boolean;
}

export declare class Codec {
  constructor(options?: CodecOptions & { limits?: Partial<Limits> });
  /** A new message; stays valid (a view of a chunk that is never overwritten). */
  serialize<In>(type: KilnType<unknown, In>, value: In): Uint8Array;
  /** A view of this codec's scratch buffer, valid until the next call on this codec. */
  serializeView<In>(type: KilnType<unknown, In>, value: In): Uint8Array;
  /** Writes into target at offset; returns the bytes written. */
  serializeInto<In>(type: KilnType<unknown, In>, value: In, target: Uint8Array, offset?: number): number;
  deserialize<Out>(type: KilnType<Out, unknown>, bytes: Uint8Array): Out;
}
