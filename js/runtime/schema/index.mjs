// Schemas declared in JavaScript: the type constructors of kiln-sdk's main entry. A struct
// declared here writes the bytes of the C++ type of the same shape and wire name, and its
// fingerprint is that type's (docs/FORMAT.md 4), so messages cross between the two.
import { NumberSchema, StringSchema, EnumSchema } from './scalars.mjs';
import {
  VectorSchema, ArraySchema, SetSchema, MapSchema, OptionalSchema, VariantSchema, TupleSchema,
} from './containers.mjs';
import { StructSchema, PointerSchema } from './struct.mjs';
import { ValueSchema } from './value_field.mjs';

export { Schema } from './schema.mjs';

export const bool = new NumberSchema('bool');
export const i8 = new NumberSchema('i8');
export const i16 = new NumberSchema('i16');
export const i32 = new NumberSchema('i32');
export const i64 = new NumberSchema('i64');
export const u8 = new NumberSchema('u8');
export const u16 = new NumberSchema('u16');
export const u32 = new NumberSchema('u32');
export const u64 = new NumberSchema('u64');
export const f32 = new NumberSchema('f32');
export const f64 = new NumberSchema('f64');
/** char / char8_t, char16_t, char32_t / wchar_t: code units as numbers. */
export const char8 = new NumberSchema('c8');
export const char16 = new NumberSchema('c16');
export const char32 = new NumberSchema('c32');
/** std::string (UTF-8 on the wire; JS strings with a lone surrogate are refused). */
export const string = new StringSchema();
/** kiln::Value: any generic value (kiln-sdk's schema-free serialize takes the same values). */
export const value = new ValueSchema();

export const vector = (e) => new VectorSchema(e);
export const array = (e, n) => new ArraySchema(e, n);
export const set = (e) => new SetSchema(e);
export const map = (k, v) => new MapSchema(k, v);
export const optional = (e) => new OptionalSchema(e);
export const variant = (...alternatives) => new VariantSchema(alternatives);
export const tuple = (...elements) => new TupleSchema(elements);
export const enumeration = (name, underlying = i32) => new EnumSchema(name, underlying);
export const struct = (name, fields, options) => new StructSchema(name, fields, options);
export const unique = (s) => new PointerSchema(0, s);
export const shared = (s) => new PointerSchema(1, s);
export const weak = (s) => new PointerSchema(2, s);
