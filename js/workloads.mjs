// kiln-sdk/workloads: the codecs generated from the C++ benchmark and test workload types
// (tests/workloads/workloads.hpp), an example of what kiln_add_wasm_module writes for a user's
// own types. loadCore()'s wasm core knows these types.
export { Struct, Foo, Record, Bulk, TestClass, Tree } from './generated/workloads.mjs';
