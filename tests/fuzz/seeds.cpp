// Writes the fuzzers' seed messages: each harness's type in both number modes, a typical value
// and an empty one. (The golden vectors and the malformed corpus are added by scripts/fuzz.sh.)
//   usage: kiln_fuzz_seeds <dir>   -> <dir>/<harness>/seed_*.bin
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "golden_features.hpp"
#include "graph_types.hpp"
#include "kiln/kiln.hpp"
#include "kitchen_sink.hpp"
#include "workloads.hpp"

namespace {

namespace fs = std::filesystem;
using namespace kiln::workloads;

template <class T>
void write(const fs::path& dir, const std::string& harness, const T& value, const char* name) {
  fs::create_directories(dir / harness);
  for (bool compress : {false, true}) {
    std::vector<std::uint8_t> bytes =
        kiln::Codec({.compress_numbers = compress}).serialize(value).value();
    std::ofstream(
        dir / harness /
            (std::string("seed_") + name + (compress ? "_compressed" : "_fixed") + ".bin"),
        std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
  }
}

// A Vendor of another version (golden_features.hpp), which a Vendor reader binds, skips and resets.
kiln::workloads::features::vendor_v2::Vendor make_other_vendor() {
  kiln::workloads::features::vendor_v2::Vendor v;
  v.email = "a@b";
  v.name = "n";
  v.phone = "+1";
  v.rating = 2;
  v.regions = {"x"};
  v.active = true;
  return v;
}

// Seeds written with codec options of their own (graphs, compatible mode).
template <class T>
void write_with(const fs::path& dir, const std::string& harness, const T& value, const char* name,
                kiln::Options options, std::shared_ptr<const kiln::TypeRegistry> types = {}) {
  fs::create_directories(dir / harness);
  for (bool compress : {false, true}) {
    options.compress_numbers = compress;
    std::vector<std::uint8_t> bytes = kiln::Codec(options, types).serialize(value).value();
    std::ofstream(
        dir / harness /
            (std::string("seed_") + name + (compress ? "_compressed" : "_fixed") + ".bin"),
        std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <dir>\n", argv[0]);
    return 2;
  }
  fs::path dir = argv[1];
  write(dir, "struct", make_struct(), "typical");
  write(dir, "struct", Struct{}, "zero");
  write(dir, "foo", make_foo(), "typical");
  write(dir, "foo", Foo{}, "empty");
  write(dir, "record", make_record(), "typical");
  write(dir, "record", Record{}, "empty");
  write(dir, "bulk", std::vector<Foo>(3, make_foo()), "typical");
  write(dir, "bulk", std::vector<Foo>{Foo{}, make_foo()}, "mixed");
  write(dir, "kitchen_sink", make_kitchen_sink(), "typical");
  write(dir, "kitchen_sink", KitchenSink{}, "empty");
  const kiln::Options graphs{.track_references = true, .share_strings = true};
  write_with(dir, "graph", kiln::fuzz::make_graph(), "typical", graphs, kiln::fuzz::graph_types());
  write_with(dir, "graph", kiln::fuzz::Graph{}, "empty", graphs);
  write_with(dir, "graph", kiln::workloads::features::make_graph(), "compatible",
             {.track_references = true, .compatible = true});
  write_with(dir, "graph", kiln::fuzz::make_weak_first_graph(), "weak_first", graphs,
             kiln::fuzz::graph_types());
  const kiln::Options polymorphic_compatible{
      .compress_numbers = true, .track_references = true, .compatible = true};
  write_with(dir, "graph", kiln::fuzz::make_graph(), "polymorphic_compatible",
             polymorphic_compatible, kiln::fuzz::graph_types());
  write_with(dir, "graph", kiln::workloads::features::make_drawing(), "drawing_compatible",
             polymorphic_compatible, kiln::workloads::features::shape_types());
  write_with(dir, "inspect", make_record(), "record", {.compatible = true});
  write_with(dir, "inspect", make_foo(), "foo", {.compatible = true});
  write_with(dir, "inspect", make_kitchen_sink(), "kitchen_sink", {.compatible = true});
  write_with(dir, "inspect", kiln::workloads::features::make_graph(), "graph_pointers",
             {.track_references = true, .compatible = true});
  write_with(dir, "inspect", kiln::workloads::features::make_vendor(), "vendor_bases",
             {.compatible = true});
  write_with(dir, "inspect", kiln::workloads::features::make_drawing(), "drawing_polymorphic",
             polymorphic_compatible, kiln::workloads::features::shape_types());
  const kiln::Options tracked_compatible{.track_references = true, .compatible = true};
  write_with(dir, "inspect", kiln::workloads::features::make_envelope(), "envelope_value",
             tracked_compatible);
  write(dir, "vendor", kiln::workloads::features::make_vendor(), "typical");
  write(dir, "vendor", kiln::workloads::features::Vendor{}, "empty");
  write_with(dir, "vendor", kiln::workloads::features::make_vendor(), "compatible",
             {.compatible = true});
  write_with(dir, "vendor", make_other_vendor(), "evolved", {.compatible = true});
  write_with(dir, "envelope", kiln::workloads::features::make_envelope(), "tracked",
             {.track_references = true});
  write_with(dir, "envelope", kiln::workloads::features::make_envelope(), "compatible",
             tracked_compatible);
  write_with(dir, "envelope", kiln::workloads::features::envelope_v1::Envelope{"old", 3}, "older",
             {.compatible = true});
  return 0;
}
