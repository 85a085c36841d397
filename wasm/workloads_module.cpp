// The wasm core shipped in the npm package, with the benchmark workload types.
#include "module.hpp"
#include "workloads.hpp"

using kiln::workloads::Foo;
using kiln::workloads::Record;
using kiln::workloads::Struct;

KILN_WASM_MODULE((std::vector<std::string>{"Struct", "Foo", "Record"}), Struct, Foo, Record)
