// kiln: fast, compact, code-generation-free serialization, byte-compatible with the C++ core.
export { Codec, KilnError, DEFAULT_LIMITS, serialize, deserialize } from './runtime/index.mjs';
export { Struct, Foo, Record, Bulk, TestClass, Tree } from './generated/workloads.mjs';
export { loadCore } from './core.mjs';
export { inspect, fieldIdOf } from './runtime/inspect.mjs';
