// The compile-time benchmark: one translation unit that serializes and deserializes the seed
// workloads (Struct, Foo, Record, TestClass) through every public entry point under each codec
// option set, as an application using Kiln for them would. scripts/compile_time.sh times its
// compilation. The checksum it prints and main's result depend on every message and every value
// read back, so nothing is optimized away. docs/ARCHITECTURE.md ("Compile time") has the figures.
//
// Built with -DKILN_SEED_SEPARATE, it includes only kiln/codec_decl.hpp and calls the codecs that
// seed_codecs.cpp compiles: the layout KILN_INSTANTIATE is for, timed by compile_time.sh --split.
//
// The same file builds against Kiln before 1.0 (the baseline), where serialize() returned the
// bytes and serialize_view() a span directly, with empty bytes on failure.
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

#if defined(KILN_SEED_SEPARATE)
// The codecs are compiled in seed_codecs.cpp (KILN_INSTANTIATE): this file sees only the class.
#include <kiln/codec_decl.hpp>
#else
#include <kiln/kiln.hpp>
#endif

#include "workloads.hpp"

#if __has_include(<kiln/base/result.hpp>)
#define SEED_RESULT_API 1
#else
#define SEED_RESULT_API 0
#endif

namespace {

using kiln::workloads::Foo;
using kiln::workloads::Record;
using kiln::workloads::Struct;
using kiln::workloads::TestClass;

// Folds bytes and outcomes into one number (FNV-1a).
struct Checksum {
  std::uint64_t h = 14695981039346656037ull;
  void add(std::uint64_t v) {
    h ^= v;
    h *= 1099511628211ull;
  }
  void add(std::span<const std::uint8_t> bytes) {
    add(bytes.size());
    for (std::uint8_t b : bytes) add(b);
  }
};

// Every option set whose messages differ: number modes, type tables, the object graph, shared
// strings and the two shorter headers.
std::vector<kiln::Options> option_sets() {
  std::vector<kiln::Options> sets;
  for (bool compress : {false, true}) {
    kiln::Options o;
    o.compress_numbers = compress;
    sets.push_back(o);
    kiln::Options compatible = o;
    compatible.compatible = true;
    sets.push_back(compatible);
    kiln::Options graph = o;
    graph.track_references = true;
    graph.share_strings = true;
    sets.push_back(graph);
    kiln::Options no_header = o;
    no_header.header = false;
    sets.push_back(no_header);
    kiln::Options no_fingerprint = o;
    no_fingerprint.fingerprint = false;
    sets.push_back(no_fingerprint);
  }
  return sets;
}

// The message written by serialize(), or empty if writing failed (compatible mode refuses a type
// without a type table, such as TestClass with its pointers).
template <class T>
std::vector<std::uint8_t> write_new(const kiln::Codec& codec, const T& value, Checksum& sum) {
#if SEED_RESULT_API
  kiln::Result<std::vector<std::uint8_t>> bytes = codec.serialize(value);
  if (!bytes) {
    sum.add(static_cast<std::uint64_t>(bytes.error().code));
    return {};
  }
  return std::move(bytes).value();
#else
  (void)sum;
  return codec.serialize(value);
#endif
}

template <class T>
std::span<const std::uint8_t> write_view(kiln::Codec& codec, const T& value, Checksum& sum) {
#if SEED_RESULT_API
  kiln::Result<std::span<const std::uint8_t>> view = codec.serialize_view(value);
  if (!view) {
    sum.add(static_cast<std::uint64_t>(view.error().code));
    return {};
  }
  return view.value();
#else
  (void)sum;
  return codec.serialize_view(value);
#endif
}

template <class T>
void read_back(const kiln::Codec& codec, std::span<const std::uint8_t> bytes, const T& expected,
               Checksum& sum) {
  if (bytes.empty()) return;
  kiln::Result<T> back = codec.deserialize<T>(bytes);
  sum.add(back ? static_cast<std::uint64_t>(*back == expected)
               : 100 + static_cast<std::uint64_t>(back.error().code));
  T into{};
  kiln::Status s = codec.deserialize_into(bytes, into);
  sum.add(s ? static_cast<std::uint64_t>(into == expected)
            : 200 + static_cast<std::uint64_t>(s.error().code));
}

// Every entry point, each message read back both ways.
template <class T>
void round_trips(kiln::Codec& codec, const T& value, Checksum& sum) {
  std::vector<std::uint8_t> bytes = write_new(codec, value, sum);
  sum.add(bytes);
  read_back(codec, bytes, value, sum);

  std::vector<std::uint8_t> appended{0xAB};
  kiln::Status s = codec.serialize_into(value, appended);
  sum.add(s ? 0 : 300 + static_cast<std::uint64_t>(s.error().code));
  sum.add(appended);
  if (s) read_back(codec, std::span<const std::uint8_t>(appended).subspan(1), value, sum);

  std::span<const std::uint8_t> view = write_view(codec, value, sum);
  sum.add(view);
  read_back(codec, view, value, sum);
}

}  // namespace

int main() {
  const Struct s = kiln::workloads::make_struct();
  const Foo foo = kiln::workloads::make_foo();
  const Record record = kiln::workloads::make_record();
  const TestClass test_class = TestClass::make();
  Checksum sum;
  for (const kiln::Options& options : option_sets()) {
    kiln::Codec codec(options);
    round_trips(codec, s, sum);
    round_trips(codec, foo, sum);
    round_trips(codec, record, sum);
    round_trips(codec, test_class, sum);
  }
  std::printf("%016llx\n", static_cast<unsigned long long>(sum.h));
  return sum.h == 0 ? 1 : 0;
}
