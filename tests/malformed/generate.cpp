// Writes the malformed-input corpus (--write DIR) or checks that DIR still holds exactly what
// this program generates (--check DIR). Each input is a valid message of a fuzzed type, broken
// one way: truncated at every offset, a bit flipped, a length prefix forged (up to 2^64-1), a
// recursive value nested past the depth limit, a string made invalid UTF-8, a bad magic byte,
// version, flags byte or fingerprint, bytes appended, or a count of elements with no wire
// bytes forged to flood the decoder. DIR/manifest.tsv lists each file with its type and the
// verdict the C++ decoder must give (error code and byte offset), which the core suite (native
// and wasm) and the JS suite (JS decoder and wasm core) check. Where the way an input is
// broken fixes its verdict, the generator checks the decoder agrees before writing it.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "kiln/kiln.hpp"
#include "kitchen_sink.hpp"
#include "malformed_codes.hpp"
#include "workloads.hpp"

namespace {

namespace fs = std::filesystem;
using namespace kiln::workloads;
using Bytes = std::vector<std::uint8_t>;
using Bulk = std::vector<Foo>;

struct Entry {
  std::string file;  // <harness>/<name>.bin
  std::string type;
  kiln::Error verdict;
  std::string description;
  Bytes bytes;
};

template <class T>
kiln::Error decode(const Bytes& b) {
  T v{};
  kiln::Status s = kiln::Codec().deserialize_into(std::span<const std::uint8_t>(b), v);
  return s.ok() ? kiln::Error{} : s.error();
}

Bytes varint(std::uint64_t v) {  // the core's own encoder
  std::uint8_t buf[kiln::detail::io::kMaxVarint64];
  return Bytes(buf, kiln::detail::io::put_varint(buf, v));
}

// Payload bytes of one value in a mode (its message without the header).
template <class T>
std::size_t payload_size(const T& v, bool compress) {
  return kiln::Codec({.compress_numbers = compress}).serialize(v).value().size() -
         kiln::detail::wire::kHeaderBytes;
}

Bytes splice(const Bytes& b, std::size_t at, std::size_t len, const Bytes& with) {
  Bytes out(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(at));
  out.insert(out.end(), with.begin(), with.end());
  out.insert(out.end(), b.begin() + static_cast<std::ptrdiff_t>(at + len), b.end());
  return out;
}

class Corpus {
 public:
  // Adds `bytes` as `harness`/`name` if T's decoder rejects it (inputs it accepts are not
  // malformed and are skipped). `want`, when given, is the code the construction implies and
  // `want_at` its offset (npos: not fixed by the construction); a different verdict aborts.
  template <class T>
  bool add(const std::string& harness, const std::string& type, const std::string& name,
           const Bytes& bytes, const std::string& description,
           kiln::ErrorCode want = kiln::ErrorCode::kOk, std::size_t want_at = npos) {
    kiln::Error e = decode<T>(bytes);
    if (want != kiln::ErrorCode::kOk &&
        (e.code != want || (want_at != npos && e.offset != want_at))) {
      std::fprintf(stderr, "%s/%s: expected %s at %zu, decoder says %s\n", harness.c_str(),
                   name.c_str(), kiln::test::code_name(want), want_at, e.message().c_str());
      std::exit(1);
    }
    if (e.code == kiln::ErrorCode::kOk) return false;
    if (!files_.insert(bytes_key(harness, bytes)).second) return false;  // same bytes already in
    entries_.push_back({harness + "/" + name + ".bin", type, e, description, bytes});
    return true;
  }
  const std::vector<Entry>& entries() const { return entries_; }
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

 private:
  static std::string bytes_key(const std::string& harness, const Bytes& b) {
    return harness + ":" + std::string(b.begin(), b.end());
  }
  std::vector<Entry> entries_;
  std::set<std::string> files_;
};

const char* mode_name(bool compress) {
  return compress ? "compressed" : "fixed";
}

// Broken forms every message shares: truncations, header damage, trailing bytes, bit flips
// (every bit of the first `flip_bytes` bytes).
template <class T>
void common(Corpus& c, const std::string& h, const std::string& type, const T& value, bool compress,
            std::size_t flip_bytes) {
  using kiln::ErrorCode;
  const std::string m = mode_name(compress);
  const Bytes msg = kiln::Codec({.compress_numbers = compress}).serialize(value).value();
  for (std::size_t n = 0; n < msg.size(); ++n)
    c.add<T>(h, type, "truncated_" + m + "_" + std::to_string(n),
             Bytes(msg.begin(), msg.begin() + static_cast<std::ptrdiff_t>(n)),
             "the " + m + " message cut to " + std::to_string(n) + " bytes");
  for (std::uint8_t magic : {0x00, 0x4a, 0x4c, 0x6b, 0xcb, 0xff}) {
    Bytes b = msg;
    b[0] = magic;
    c.add<T>(h, type, "magic_" + m + "_" + std::to_string(magic), b,
             "magic byte " + std::to_string(magic), ErrorCode::kBadMagic, 0);
  }
  for (std::uint8_t version : {0, 2, 3, 0x81, 0xff}) {
    Bytes b = msg;
    b[1] = version;
    c.add<T>(h, type, "version_" + m + "_" + std::to_string(version), b,
             "format version " + std::to_string(version), ErrorCode::kBadVersion, 1);
  }
  // Flag bits no version-1 reader defines (bits 5-7).
  for (std::uint8_t flags : {0x20, 0x40, 0x80, 0xf0, 0xf8, 0xff}) {
    Bytes b = msg;
    b[2] = static_cast<std::uint8_t>(flags | (compress ? 1 : 0));
    c.add<T>(h, type, "flags_" + m + "_" + std::to_string(b[2]), b,
             "flags byte " + std::to_string(b[2]), ErrorCode::kBadFlags, 2);
  }
  for (int bit = 0; bit < 32; bit += 3) {
    Bytes b = msg;
    b[3 + bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    c.add<T>(h, type, "fingerprint_" + m + "_bit" + std::to_string(bit), b,
             "fingerprint bit " + std::to_string(bit) + " flipped", ErrorCode::kSchemaMismatch, 3);
  }
  // The message without its fingerprint (flag bit 4, a 3-byte header): cut in the header, in
  // the first fields and by its last byte (the body is the one above), and the bit cleared, so
  // that the first body bytes are taken for a fingerprint.
  const Bytes bare =
      kiln::Codec({.compress_numbers = compress, .fingerprint = false}).serialize(value).value();
  for (std::size_t n = 0; n < bare.size();
       n = (n == 12 && bare.size() > 14 ? bare.size() - 1 : n + 1))
    c.add<T>(h, type, "nofingerprint_truncated_" + m + "_" + std::to_string(n),
             Bytes(bare.begin(), bare.begin() + static_cast<std::ptrdiff_t>(n)),
             "the " + m + " message without fingerprint cut to " + std::to_string(n) + " bytes");
  {
    Bytes b = bare;
    b[2] = static_cast<std::uint8_t>(b[2] & ~kiln::detail::wire::kFlagNoFingerprint);
    c.add<T>(h, type, "nofingerprint_cleared_" + m, b,
             "the no-fingerprint flag cleared on a message without fingerprint");
  }
  for (std::size_t extra : {1, 2, 100}) {
    Bytes b = msg;
    b.resize(msg.size() + extra, 0x5a);
    c.add<T>(h, type, "trailing_" + m + "_" + std::to_string(extra), b,
             std::to_string(extra) + " bytes after the root value", ErrorCode::kTrailingBytes,
             msg.size());
  }
  for (std::size_t i = kiln::detail::wire::kHeaderBytes; i < msg.size() && i < flip_bytes; ++i)
    for (int bit = 0; bit < 8; ++bit) {
      Bytes b = msg;
      b[i] ^= static_cast<std::uint8_t>(1u << bit);
      c.add<T>(h, type, "bitflip_" + m + "_" + std::to_string(i) + "_" + std::to_string(bit), b,
               "bit " + std::to_string(bit) + " of byte " + std::to_string(i) + " flipped");
    }
}

// Length prefixes at `at` replaced by forged counts, from one past what fits to 2^64-1, and a
// varint too long for 64 bits. A count over `limit` (the configured limit for that prefix) is
// kLengthTooLarge; one under it that the bytes left cannot hold is kTruncated, as a cut message.
template <class T>
void forged_lengths(Corpus& c, const std::string& h, const std::string& type, const Bytes& msg,
                    std::size_t at, const std::string& what, std::uint64_t limit) {
  using kiln::ErrorCode;
  std::size_t old = varint(0).size();
  while (msg[at + old - 1] & 0x80) ++old;
  const std::uint64_t counts[] = {msg.size(),     1u << 20,   (1u << 28) + 1,   0xffffffffull,
                                  0x100000000ull, 1ull << 40, (1ull << 63) + 5, ~std::uint64_t{0}};
  for (std::uint64_t n : counts)
    c.add<T>(
        h, type, "forged_" + what + "_" + std::to_string(n), splice(msg, at, old, varint(n)),
        what + " length prefix at byte " + std::to_string(at) + " forged to " + std::to_string(n),
        n > limit ? ErrorCode::kLengthTooLarge : ErrorCode::kTruncated, at);
  Bytes eleven(10, 0xff);
  eleven.push_back(0x01);
  c.add<T>(h, type, "forged_" + what + "_varint11", splice(msg, at, old, eleven),
           what + " length prefix at byte " + std::to_string(at) + " an 11-byte varint",
           ErrorCode::kVarintOverflow, at);
}

// Replaces the placeholder string "@@@@" in msg with invalid UTF-8 sequences of four bytes.
template <class T>
void bad_utf8(Corpus& c, const std::string& h, const std::string& type, const Bytes& msg,
              const std::string& tag) {
  const Bytes placeholder{'@', '@', '@', '@'};
  auto it = std::search(msg.begin(), msg.end(), placeholder.begin(), placeholder.end());
  if (it == msg.end()) std::abort();
  std::size_t at = static_cast<std::size_t>(it - msg.begin());
  const std::pair<const char*, Bytes> bad[] = {
      {"ff", {'a', 0xff, 'b', 'c'}},
      {"lone_continuation", {0x80, 'a', 'b', 'c'}},
      {"cut_2byte", {'a', 'b', 'c', 0xc3}},
      {"overlong_nul", {0xc0, 0x80, 'a', 'b'}},
      {"overlong_3byte", {0xe0, 0x80, 0xaf, 'a'}},
      {"surrogate", {0xed, 0xa0, 0x80, 'a'}},
      {"above_10ffff", {0xf4, 0x90, 0x80, 0x80}},
      {"f5", {0xf5, 0x80, 0x80, 0x80}},
      {"bad_continuation", {0xe2, 0x28, 0xa1, 'a'}},
      {"cut_4byte", {'a', 0xf0, 0x9f, 0x98}},
  };
  for (const auto& [name, bytes] : bad) {
    c.add<T>(h, type, "utf8_" + tag + "_" + name, splice(msg, at, 4, bytes),
             "string bytes at " + std::to_string(at) + " are not UTF-8 (" + name + ")",
             kiln::ErrorCode::kBadUtf8);
  }
}

template <class R>
void foo_like(Corpus& c, const std::string& h, const std::string& type, const R& value,
              std::size_t flip_bytes) {
  for (bool compress : {false, true}) {
    const std::string m = mode_name(compress);
    common(c, h, type, value, compress, flip_bytes);
    const Bytes msg = kiln::Codec({.compress_numbers = compress}).serialize(value).value();
    std::size_t f2 = kiln::detail::wire::kHeaderBytes + payload_size(value.f1, compress);
    std::size_t f3 = f2 + payload_size(value.f2, compress);
    std::size_t f4 = f3 + payload_size(value.f3, compress);
    const kiln::Limits limits;
    forged_lengths<R>(c, h, type, msg, f2, "f2_string_" + m, limits.max_string_bytes);
    forged_lengths<R>(c, h, type, msg, f3, "f3_vector_" + m, limits.max_collection_length);
    forged_lengths<R>(c, h, type, msg, f4, "f4_map_" + m, limits.max_collection_length);
    R with_placeholder = value;
    with_placeholder.f2 = "@@@@";
    bad_utf8<R>(c, h, type,
                kiln::Codec({.compress_numbers = compress}).serialize(with_placeholder).value(),
                "f2_" + m);
    R in_vector = value;
    in_vector.f3.push_back("@@@@");
    bad_utf8<R>(c, h, type,
                kiln::Codec({.compress_numbers = compress}).serialize(in_vector).value(),
                "f3_" + m);
    R in_key = value;
    in_key.f4.emplace("@@@@", 1);
    bad_utf8<R>(c, h, type, kiln::Codec({.compress_numbers = compress}).serialize(in_key).value(),
                "f4_key_" + m);
    // A map key repeated: the first key's bytes written again as the second.
    R dup = value;
    dup.f4 = {{"k1", 1}, {"k2", 2}};
    Bytes d = kiln::Codec({.compress_numbers = compress}).serialize(dup).value();
    Bytes k1 = kiln::Codec().serialize(std::string("k1")).value();
    Bytes k2 = kiln::Codec().serialize(std::string("k2")).value();
    auto at = std::search(d.begin(), d.end(), k2.begin() + 7, k2.end()) - d.begin();
    std::copy(k1.begin() + 7, k1.end(), d.begin() + at);
    c.add<R>(h, type, "duplicate_key_" + m, d,
             "map key at byte " + std::to_string(at) + " repeats the first",
             kiln::ErrorCode::kDuplicateKey, static_cast<std::size_t>(at));
  }
}

Branch deep_tree(int depth) {
  Branch t{depth, {}};
  for (int i = 1; i < depth; ++i) t = Branch{depth - i, {std::move(t)}};
  return t;
}

void kitchen_sink(Corpus& c) {
  using kiln::ErrorCode;
  const std::string h = "kitchen_sink", type = "KitchenSink";
  for (bool compress : {false, true}) {
    const std::string m = mode_name(compress);
    common(c, h, type, make_kitchen_sink(), compress, 160);
    // The last four fields are empties, units, zero_arrays and forest: empty, one byte each.
    KitchenSink k = make_kitchen_sink();
    k.empties.clear();
    k.units.clear();
    k.zero_arrays.clear();
    k.forest.clear();
    const Bytes msg = kiln::Codec({.compress_numbers = compress}).serialize(k).value();
    const std::pair<const char*, std::size_t> floods[] = {
        {"empties", msg.size() - 4}, {"units", msg.size() - 3}, {"zero_arrays", msg.size() - 2}};
    for (const auto& [field, at] : floods) {
      // No wire bytes per element: only the collection limit and the allocation budget apply.
      for (std::uint64_t n : {std::uint64_t{1} << 24, (std::uint64_t{1} << 28) - 1})
        c.add<KitchenSink>(h, type,
                           "flood_" + std::string(field) + "_" + m + "_" + std::to_string(n),
                           splice(msg, at, 1, varint(n)),
                           std::string(field) + " (elements of no wire bytes) claims " +
                               std::to_string(n) + " elements",
                           ErrorCode::kAllocationLimit, at);
      c.add<KitchenSink>(h, type, "flood_" + std::string(field) + "_" + m + "_over_limit",
                         splice(msg, at, 1, varint((std::uint64_t{1} << 28) + 1)),
                         std::string(field) + " claims more elements than max_collection_length",
                         ErrorCode::kLengthTooLarge, at);
    }
    KitchenSink deep = k;
    deep.forest.push_back(deep_tree(80));
    c.add<KitchenSink>(h, type, "deep_forest_" + m,
                       kiln::Codec({.compress_numbers = compress}).serialize(deep).value(),
                       "a Branch nested 80 deep (limit 64)", ErrorCode::kDepthExceeded);
    KitchenSink tag = k;
    tag.name = "@@@@";
    bad_utf8<KitchenSink>(c, h, type,
                          kiln::Codec({.compress_numbers = compress}).serialize(tag).value(),
                          "name_" + m);
  }
}

std::vector<Entry> generate() {
  Corpus c;
  for (bool compress : {false, true}) common(c, "struct", "Struct", make_struct(), compress, 79);
  foo_like(c, "foo", "Foo", make_foo(), 48);
  foo_like(c, "record", "Record", make_record(), 49);
  const Bulk bulk{Foo{7, "x", {"y"}, {{"z", 1}}}, Foo{}};
  for (bool compress : {false, true}) {
    common(c, "bulk", "Bulk", bulk, compress, 24);
    Bytes msg = kiln::Codec({.compress_numbers = compress}).serialize(bulk).value();
    forged_lengths<Bulk>(c, "bulk", "Bulk", msg, kiln::detail::wire::kHeaderBytes,
                         std::string("count_") + mode_name(compress),
                         kiln::Limits{}.max_collection_length);
  }
  kitchen_sink(c);
  return c.entries();
}

std::string manifest(const std::vector<Entry>& entries) {
  std::ostringstream m;
  m << "# file\ttype\tcode\toffset\tdescription (generated by generate.cpp; do not edit)\n";
  for (const auto& e : entries)
    m << e.file << '\t' << e.type << '\t' << kiln::test::code_name(e.verdict.code) << '\t'
      << e.verdict.offset << '\t' << e.description << '\n';
  return m.str();
}

Bytes read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 || (std::strcmp(argv[1], "--write") != 0 && std::strcmp(argv[1], "--check") != 0)) {
    std::fprintf(stderr, "usage: %s --write|--check DIR\n", argv[0]);
    return 2;
  }
  const bool write = std::strcmp(argv[1], "--write") == 0;
  const fs::path dir = argv[2];
  const std::vector<Entry> entries = generate();
  const std::string m = manifest(entries);
  int failures = 0;
  if (write) {
    for (const char* h : {"struct", "foo", "record", "bulk", "kitchen_sink"}) {
      fs::remove_all(dir / h);
      fs::create_directories(dir / h);
    }
    for (const auto& e : entries)
      std::ofstream(dir / e.file, std::ios::binary)
          .write(reinterpret_cast<const char*>(e.bytes.data()),
                 static_cast<std::streamsize>(e.bytes.size()));
    std::ofstream(dir / "manifest.tsv") << m;
    std::printf("wrote %zu malformed inputs to %s\n", entries.size(), dir.c_str());
    return 0;
  }
  std::size_t on_disk = 0;
  for (const char* h : {"struct", "foo", "record", "bulk", "kitchen_sink"})
    if (fs::exists(dir / h))
      on_disk += static_cast<std::size_t>(
          std::distance(fs::directory_iterator(dir / h), fs::directory_iterator()));
  if (on_disk != entries.size()) {
    std::printf("MISMATCH: %zu files on disk, the generator makes %zu\n", on_disk, entries.size());
    ++failures;
  }
  for (const auto& e : entries)
    if (read_file(dir / e.file) != e.bytes) {
      std::printf("MISMATCH %s\n", e.file.c_str());
      ++failures;
    }
  Bytes have = read_file(dir / "manifest.tsv");
  if (std::string(have.begin(), have.end()) != m) {
    std::printf("MISMATCH manifest.tsv: the decoder's verdicts or the inputs changed\n");
    ++failures;
  }
  std::printf("%s: %zu malformed inputs, %d mismatches\n", dir.c_str(), entries.size(), failures);
  return failures == 0 ? 0 : 1;
}
