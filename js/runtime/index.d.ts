export interface Limits {
  maxDepth: number;
  maxStringBytes: number;
  maxCollectionLength: number;
  /** Shared objects and shared strings numbered in one message. */
  maxReferences: number;
  /** Accept a back-reference that closes a cycle of owning (shared_ptr) pointers. */
  allowOwningCycles: boolean;
  /** The allocation budget: the storage one message may make the decoder allocate, in the
   *  format's measure, as every decoder counts it (docs/FORMAT.md 6.5); 0 = 64 per input byte
   *  + 64 KiB. */
  maxAllocBytes: number;
}
export declare const DEFAULT_LIMITS: Readonly<Limits>;

/** A Kiln type: the generator emitted it for a C++ type, or it was declared with kiln-sdk's schema
 *  constructors (struct, ...). */
export interface KilnType<Out, In> {
  readonly name: string;
  readonly cppName: string;
  readonly fingerprint: number;
  /** A generated codec's type as a schema (kiln-sdk's struct, ...): what compatible mode uses. */
  readonly schema?: KilnType<Out, In>;
  serialize(value: In, options?: CodecOptions): Uint8Array;
  deserialize(bytes: Uint8Array): Out;
  deserialize<O extends TypeReadOptions>(bytes: Uint8Array, options: O): Decoded<Out, O>;
}

/** Options of a type's deserialize: the reader's side of CodecOptions, and how values decode. */
export interface TypeReadOptions extends CodecOptions {
  int64?: 'bigint' | 'number';
  maps?: 'object' | 'map';
  /** 'copy' (default): arrays of numbers (Uint8Array, Float64Array, ...) decode as copies.
   *  'view': where their wire bytes are their memory bytes (bytes, and fixed-width numbers) and
   *  the position is aligned for the element size, as views into the message: no copy, but the
   *  array shares the input's memory and keeps its whole buffer alive. */
  typedArrays?: 'copy' | 'view';
}

/** The decoded form of Out under options O (the int64 and maps options). */
export type Decoded<Out, O> = WithInt64<
  WithMaps<Out, O extends { maps?: infer M } ? M : undefined>,
  O extends { int64?: infer I } ? I : undefined>;
type WithMaps<T, M> = 'map' extends M ? ('object' extends M ? T | MapsAsMap<T> : MapsAsMap<T>) : T;
type WithInt64<T, I> = 'number' extends I ? ('bigint' extends I ? T | Int64AsNumber<T> : Int64AsNumber<T>) : T;

/** How a decoded value looks with `maps: 'map'`: maps with string keys, plain objects by
 *  default, are Maps. */
export type MapsAsMap<T> =
  T extends bigint | number | string | boolean | null | undefined | ArrayBufferView | Date ? T
  : T extends Map<infer K, infer V> ? Map<K, MapsAsMap<V>>
  : T extends Set<infer E> ? Set<MapsAsMap<E>>
  : T extends readonly unknown[] ? { [P in keyof T]: MapsAsMap<T[P]> }
  : string extends keyof T ? (T extends { [key: string]: infer V } ? Map<string, MapsAsMap<V>> : T)
  : { [P in keyof T]: MapsAsMap<T[P]> };

/** How a decoded value looks when 64-bit integers decode as numbers (`int64: 'number'`); arrays
 *  of 64-bit integers stay BigInt64Array / BigUint64Array. */
export type Int64AsNumber<T> =
  T extends bigint ? number
  : T extends BigInt64Array | BigUint64Array | ArrayBufferView | Date ? T
  : T extends readonly unknown[] ? { [P in keyof T]: Int64AsNumber<T[P]> }
  : T extends Map<infer K, infer V> ? Map<Int64AsNumber<K>, Int64AsNumber<V>>
  : T extends Set<infer E> ? Set<Int64AsNumber<E>>
  : T extends object ? { [P in keyof T]: Int64AsNumber<T[P]> }
  : T;

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
  /** Write the root type's 4-byte schema fingerprint (default true), so that reading the message
   *  as another type fails with 'SchemaMismatch'. false: a 3-byte header (flag bit 4), and no
   *  such check. Readers accept both. */
  fingerprint?: boolean;
  /** Write the header (default true). false: the message is the value's bytes alone, and a
   *  reader takes compressNumbers, trackReferences, shareStrings and compatible from its own
   *  options, which must be the writer's (docs/FORMAT.md 3.2). */
  header?: boolean;
  /** Compatible mode (docs/FORMAT.md 10): the message carries a table of its types, so a reader
   *  with another version of them (fields added, removed, reordered, renamed with ids) reads it.
   *  For types declared in JS (struct, ..., pointers included) and generated codecs carrying
   *  their schema; others refuse it ('UnsupportedOption'). Readers need no option: the header
   *  says so. */
  compatible?: boolean;
}

/** Options of a Codec: how it writes, and how 64-bit integers and maps decode. An unknown
 *  option is a KilnError ('InvalidArgument'). */
export interface CodecConfig<I64 extends 'bigint' | 'number' = 'bigint', Maps extends 'object' | 'map' = 'object'>
  extends CodecOptions {
  /** 'bigint' (default): int64/uint64 fields decode as BigInt, exactly. 'number': they decode as
   *  numbers, and a value outside the safe integer range (beyond 2^53 - 1) is a KilnError
   *  ('ValueOutOfRange') instead of a rounded number. Encoding takes either. */
  int64?: I64;
  /** 'object' (default): maps with string keys decode as plain objects (a '__proto__' key is an
   *  own property). 'map': as Maps. Maps with other keys are always Maps. Encoding takes either. */
  maps?: Maps;
  /** 'copy' (default): arrays of numbers (Uint8Array, Float64Array, ...) decode as copies.
   *  'view': where their wire bytes are their memory bytes (bytes, and fixed-width numbers) and
   *  the position is aligned for the element size, as views into the message: no copy, but the
   *  array shares the input's memory and keeps its whole buffer alive. */
  typedArrays?: 'copy' | 'view';
  limits?: Partial<Limits>;
}

export declare class Codec<I64 extends 'bigint' | 'number' = 'bigint', Maps extends 'object' | 'map' = 'object'> {
  constructor(options?: CodecConfig<I64, Maps>);
  /** A new message that owns exactly its bytes (byteOffset 0, buffer.byteLength === length):
   *  it stays valid, and can be transferred or sent as its .buffer alone. Costs one copy; see
   *  serializeView / serializeInto for none. */
  serialize<In>(type: KilnType<unknown, In>, value: In): Uint8Array;
  /** A view of this codec's scratch buffer, valid until the next call on this codec. */
  serializeView<In>(type: KilnType<unknown, In>, value: In): Uint8Array;
  /** Writes into target at offset; returns the bytes written. */
  serializeInto<In>(type: KilnType<unknown, In>, value: In, target: Uint8Array, offset?: number): number;
  deserialize<Out>(type: KilnType<Out, unknown>, bytes: Uint8Array): Decoded<Out, { int64: I64; maps: Maps }>;
}

/** Options of kiln.serialize for values without a schema. */
export interface ValueOptions {
  /** Keep shared references and cycles (header flag bit 1): an object, array, Map, Set, typed
   *  array or ArrayBuffer met again is written as a back-reference. Without it a cycle throws a
   *  KilnError with code 'Cycle' and shared objects are written as copies. */
  trackReferences?: boolean;
  /** Write the generic value's schema fingerprint (default true); false: a 3-byte header. */
  fingerprint?: boolean;
  /** Write the header (default true); false: the value alone, and the reader must be given the
   *  same header and trackReferences options. */
  header?: boolean;
  /** limits.maxDepth bounds nesting when writing, as when reading. */
  limits?: Partial<Limits>;
}

/** What kiln.serialize accepts (recursively) and kiln.deserialize returns. */
export type KilnValue =
  | null | undefined | boolean | number | bigint | string | Date
  | KilnValue[] | { [key: string]: KilnValue } | Map<KilnValue, KilnValue> | Set<KilnValue>
  | Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array | Int32Array | Uint32Array
  | Float32Array | Float64Array | BigInt64Array | BigUint64Array | ArrayBuffer;

/** Encodes a value without a schema (docs/FORMAT.md section 9) as a new message that owns exactly
 *  its bytes (byteOffset 0, buffer.byteLength === length). Throws a KilnError ('InvalidArgument',
 *  'Cycle', 'DepthExceeded', 'BadUtf8' for a string with a lone surrogate) for what cannot be
 *  written. A BigInt is written as a BigInt and a number as a number, at every magnitude. */
export declare function serialize(value: KilnValue, options?: ValueOptions): Uint8Array;
/** As serialize, without a copy: a view of a scratch buffer, valid until the next call. */
export declare function serializeView(value: KilnValue, options?: ValueOptions): Uint8Array;
/** Encodes into target at offset; returns the bytes written ('BufferTooSmall' if they do not fit). */
export declare function serializeInto(value: KilnValue, target: Uint8Array, offset?: number, options?: ValueOptions): number;
/** Decodes a generic-value message (from kiln.serialize or a C++ kiln::Value); throws a KilnError
 *  with the byte offset of the problem. BigInts come back as BigInts; ints beyond 2^53 (which
 *  only C++ writes) come back as BigInt too. */
export declare function deserialize(
  bytes: Uint8Array, options?: { limits?: Partial<Limits>; header?: boolean; trackReferences?: boolean }): KilnValue;
/** The schema fingerprint of generic-value messages, 0x3b6a7060. */
export declare const VALUE_FINGERPRINT: number;
