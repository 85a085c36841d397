// Generates the JS encoders/decoders of the benchmark workloads shipped in the npm package.
#include "generator.hpp"
#include "workloads.hpp"

int main(int argc, char** argv) {
  using namespace kiln::workloads;
  return kiln::jsgen::run(argc, argv, kiln::jsgen::type<Struct>("Struct"),
                          kiln::jsgen::type<Foo>("Foo"), kiln::jsgen::type<Record>("Record"),
                          kiln::jsgen::type<std::vector<Foo>>("Bulk"));
}
