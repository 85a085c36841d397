// Types of the schema constructors (index.mjs): each schema's decoded form (Out) and the values
// it accepts (In) are inferred from the declaration, as in zod: Infer<typeof T>, InferInput<typeof T>.
import type { KilnType, KilnValue } from '../index.js';

// Brands, at the type level only (no schema has these properties at run time): a schema's
// decoded form, a number schema's typed array and kind, a struct schema.
declare const out: unique symbol;
declare const numeric: unique symbol;
declare const structure: unique symbol;

/** A Kiln type declared in JavaScript: decodes to Out, encodes In. */
export interface Schema<Out = unknown, In = Out> extends KilnType<Out, In> {
  readonly [out]: Out;
}
/** The base class of every schema (`x instanceof Schema`); make schemas with the constructors. */
export declare abstract class Schema<Out = unknown, In = Out> {}

type AnySchema = Schema<any, any>;
/** The decoded form of schema S. */
export type Infer<S> = S extends { readonly [out]: infer O } ? O : never;
/** What schema S encodes. */
export type InferInput<S> = S extends { serialize(value: infer I, ...rest: any[]): Uint8Array } ? I : never;

/** A number, bool, character or enumeration: TA is the typed array vectors and arrays of it decode
 *  to (never: a plain array); K its kind. */
export interface NumberSchema<Out, In, TA, K extends 'bool' | 'int' | 'float' | 'char'> extends Schema<Out, In> {
  readonly [numeric]: { typedArray: TA; kind: K };
}
type IntegerSchema = NumberSchema<any, any, any, 'int'>;

/** bool: a boolean. */
export declare const bool: NumberSchema<boolean, boolean, never, 'bool'>;
/** int8_t: a number. */
export declare const i8: NumberSchema<number, number, Int8Array, 'int'>;
/** int16_t: a number. */
export declare const i16: NumberSchema<number, number, Int16Array, 'int'>;
/** int32_t: a number. */
export declare const i32: NumberSchema<number, number, Int32Array, 'int'>;
/** int64_t: a BigInt (a safe integer number is accepted). */
export declare const i64: NumberSchema<bigint, bigint | number, BigInt64Array, 'int'>;
/** uint8_t: a number. */
export declare const u8: NumberSchema<number, number, Uint8Array, 'int'>;
/** uint16_t: a number. */
export declare const u16: NumberSchema<number, number, Uint16Array, 'int'>;
/** uint32_t: a number. */
export declare const u32: NumberSchema<number, number, Uint32Array, 'int'>;
/** uint64_t: a BigInt (a non-negative safe integer number is accepted). */
export declare const u64: NumberSchema<bigint, bigint | number, BigUint64Array, 'int'>;
/** float: a number. */
export declare const f32: NumberSchema<number, number, Float32Array, 'float'>;
/** double: a number. */
export declare const f64: NumberSchema<number, number, Float64Array, 'float'>;
/** char / char8_t: a code unit as a number. */
export declare const char8: NumberSchema<number, number, Uint8Array, 'char'>;
/** char16_t: a code unit as a number. */
export declare const char16: NumberSchema<number, number, Uint16Array, 'char'>;
/** char32_t / wchar_t: a code unit as a number. */
export declare const char32: NumberSchema<number, number, Uint32Array, 'char'>;
/** std::string: a string (UTF-8 on the wire; a lone surrogate is refused). */
export declare const string: Schema<string, string>;
/** kiln::Value: any generic value, as kiln-sdk's schema-free serialize takes. */
export declare const value: Schema<KilnValue, KilnValue>;

type TypedArrayOf<E> = E extends NumberSchema<any, any, infer TA, any> ? TA : never;
/** Elements of E: its typed array for numbers (bool aside), else an array. */
type ElementsOut<E> = [TypedArrayOf<E>] extends [never] ? Infer<E>[] : TypedArrayOf<E>;

/** std::vector<E> (list, deque): a typed array for number elements, else an array. */
export declare function vector<E extends AnySchema>(element: E): Schema<ElementsOut<E>, InferInput<E>[] | TypedArrayOf<E>>;
/** std::array<E, n>: as vector, of exactly n elements. */
export declare function array<E extends AnySchema>(element: E, length: number): Schema<ElementsOut<E>, InferInput<E>[] | TypedArrayOf<E>>;
/** std::set<E>: a Set. */
export declare function set<E extends AnySchema>(element: E): Schema<Set<Infer<E>>, Set<InferInput<E>>>;
/** std::map<K, V>: a plain object for string keys (a Map is accepted), else a Map. */
export declare function map<K extends AnySchema, V extends AnySchema>(key: K, value: V): [Infer<K>] extends [string]
  ? Schema<{ [key: string]: Infer<V> }, { [key: string]: InferInput<V> } | Map<string, InferInput<V>>>
  : Schema<Map<Infer<K>, Infer<V>>, Map<InferInput<K>, InferInput<V>>>;
/** std::optional<E>: null when empty (undefined is accepted). */
export declare function optional<E extends AnySchema>(element: E): Schema<Infer<E> | null, InferInput<E> | null | undefined>;

type Index<I> = I extends `${infer N extends number}` ? N : never;
/** std::variant<A...>: { index, value } with value of alternative `index`. */
export declare function variant<A extends [AnySchema, ...AnySchema[]]>(...alternatives: A): Schema<
  { [I in keyof A]: { index: Index<I>; value: Infer<A[I]> } }[number],
  { [I in keyof A]: { index: Index<I>; value: InferInput<A[I]> } }[number]>;
/** std::tuple<E...> (std::pair): an array of the elements. */
export declare function tuple<A extends AnySchema[]>(...elements: A): Schema<
  { [I in keyof A]: Infer<A[I]> }, { [I in keyof A]: InferInput<A[I]> }>;
/** An enum with wire name `name`: its underlying integer (i32 by default; a BigInt for i64, u64). */
export declare function enumeration<U extends IntegerSchema = typeof i32>(name: string, underlying?: U): U;

/** A struct: an object of its fields, and of each base's fields under the base's wire name. */
export interface StructSchema<N extends string = string, Out = unknown, In = Out> extends Schema<Out, In> {
  /** The wire name. */
  readonly name: N;
  readonly [structure]: true;
}
type AnyStruct = StructSchema<string, any, any>;
type Fields = { readonly [name: string]: AnySchema };
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Omittable<F, K extends keyof F> = undefined extends InferInput<F[K]> ? K : never;
type StructOut<F, B extends AnyStruct> = Simplify<{ [K in keyof F]: Infer<F[K]> } & { [S in B as S['name']]: Infer<S> }>;
/** Fields that accept undefined (optional, pointers, value) may be left out. */
type StructIn<F, B extends AnyStruct> = Simplify<
  { [K in keyof F as Exclude<K, Omittable<F, K>>]: InferInput<F[K]> }
  & { [K in keyof F as Omittable<F, K>]?: InferInput<F[K]> }
  & { [S in B as S['name']]: InferInput<S> }>;

export interface StructOptions<F, B extends AnyStruct> {
  /** The C++ class's bases (KILN_FIELDS_WITH_BASES), in order. */
  bases?: readonly B[];
  /** Compatible-mode field ids declared for some fields (non-zero uint32; kiln_field_ids in C++). */
  ids?: { [K in keyof F]?: number };
}

/**
 * A struct with wire name `name` and fields in wire order. Fields may be a function returning
 * them (for recursive types, called on first use); annotate such a schema, e.g.
 * `const Node: StructSchema<'Node', Node> = struct('Node', () => ({ kids: vector(Node) }))`.
 */
export declare function struct<N extends string, F extends Fields, B extends AnyStruct = never>(
  name: N, fields: F | (() => F), options?: StructOptions<F, B>): StructSchema<N, StructOut<F, B>, StructIn<F, B>>;

/** std::unique_ptr<S>: the object, or null. Pointers travel in compatible mode too (descriptors
 *  uptr, sptr, wptr): a reader that lacks a pointer field skips it, numbering its objects as the
 *  writer did; one that has a pointer field the message lacks gets null. */
export declare function unique<S extends AnyStruct>(target: S): Schema<Infer<S> | null, InferInput<S> | null | undefined>;
/** std::shared_ptr<S>: the object, or null; with trackReferences an object reached twice is one object. */
export declare function shared<S extends AnyStruct>(target: S): Schema<Infer<S> | null, InferInput<S> | null | undefined>;
/** std::weak_ptr<S>: the object, or null. An object that only weak pointers of the message reach
 *  (expired in C++ once decoded) comes back as an empty object: JS has no expired references. */
export declare function weak<S extends AnyStruct>(target: S): Schema<Infer<S> | null, InferInput<S> | null | undefined>;
