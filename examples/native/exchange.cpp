// Exchanges files with the Node example (examples/node/exchange.mjs), which declares the same
// types in JavaScript with the kiln-sdk package (no C++ toolchain on that side): Record and Foo
// in schema-consistent mode (the same fields under two names, so two fingerprints: the name takes
// part), and two versions of Person in compatible mode, each side reading the other's version.
//   kiln_exchange write DIR   writes DIR/native-*.kiln
//   kiln_exchange read DIR    reads DIR/node-*.kiln and checks the values
#include <kiln/kiln.hpp>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Record {
  std::int32_t f1;
  std::string f2;
  std::vector<std::string> f3;
  std::map<std::string, std::int64_t> f4;
  bool operator==(const Record&) const = default;
};

struct Foo {
  std::int32_t f1;
  std::string f2;
  std::vector<std::string> f3;
  std::map<std::string, std::int64_t> f4;
  bool operator==(const Foo&) const = default;
};

// Two versions of a type, read across versions in compatible mode: version 2 reorders the
// fields, adds two and drops one. PersonV2 declares the wire name Person, as a renamed Person.
struct Person {
  std::uint32_t id;
  std::string name;
  std::vector<std::string> tags;
  std::int32_t age;
  bool operator==(const Person&) const = default;
};
struct PersonV2 {
  static constexpr std::string_view kiln_name = "Person";
  std::string name;
  std::uint32_t id;
  std::optional<std::string> email;
  std::vector<std::string> tags;
  std::map<std::string, double> scores;
  bool operator==(const PersonV2&) const = default;
};

// What this program writes; exchange.mjs checks it field by field.
Record native_record() {
  return {42,
          "from C++ \u00e9",
          {"native", "", "\u4e2d\u6587"},
          {{"max", std::numeric_limits<std::int64_t>::max()}, {"neg", -5}}};
}
Foo native_foo() {
  Foo foo{-7, "foo", {}, {}};
  for (int i = 0; i < 5; ++i) {
    std::string n = std::to_string(i);
    foo.f3.push_back(std::string("item").append(n));
    foo.f4.emplace(std::string("k").append(n), std::int64_t{1} << (i * 12));
  }
  return foo;
}

Person native_person() {
  return {1, "Ada", {"math", "engines"}, 36};
}
PersonV2 native_person_v2() {
  return {"Grace", 2, "grace@example.com", {"navy"}, {{"cobol", 9.5}}};
}

// What exchange.mjs writes.
Record node_record() {
  return {-123456,
          "from Node \U0001F680",
          {"js", "bigint"},
          {{"a", -(std::int64_t{1} << 40)}, {"b", 0}}};
}
Foo node_foo() {
  return {2147483647, "", {"x"}, {{"only", 9007199254740993}}};
}

// Node's Person v1 (id 3, "Alan", ["logic"], age 41) as this program's PersonV2 reads it: the
// missing fields take their defaults, the dropped one is skipped. And Node's v2 as Person.
PersonV2 node_person_as_v2() {
  return {"Alan", 3, std::nullopt, {"logic"}, {}};
}
Person node_person_v2_as_v1() {
  return {4, "Barbara", {"clu"}, 0};
}

bool write_file(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  std::printf("native: wrote %s (%zu bytes)\n", path.c_str(), bytes.size());
  return out.good();
}

template <class T>
bool check_file(const std::string& path, const T& expected) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::printf("native: cannot open %s\n", path.c_str());
    return false;
  }
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
  // Any mode: the header says which (a compatible-mode message carries its type table).
  kiln::Result<T> value = kiln::Codec().deserialize<T>(bytes);
  if (!value) {
    std::printf("native: %s: %s\n", path.c_str(), value.error().message().c_str());
    return false;
  }
  if (!(*value == expected)) {
    std::printf("native: %s holds other values than expected\n", path.c_str());
    return false;
  }
  if constexpr (requires { value->f4; })
    std::printf("native: read %s: f1=%d f2=\"%s\", %zu strings, %zu map entries: as expected\n",
                path.c_str(), value->f1, value->f2.c_str(), value->f3.size(), value->f4.size());
  else
    std::printf("native: read %s: id=%u name=\"%s\": as expected\n", path.c_str(), value->id,
                value->name.c_str());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 || (std::string(argv[1]) != "write" && std::string(argv[1]) != "read")) {
    std::fprintf(stderr, "usage: %s write|read DIR\n", argv[0]);
    return 2;
  }
  const std::string mode = argv[1], dir = argv[2];
  if (mode == "write") {
    kiln::Codec codec({.compress_numbers = true});
    kiln::Codec compatible({.compatible = true});
    bool ok = write_file(dir + "/native-record.kiln", codec.serialize(native_record()).value());
    ok = write_file(dir + "/native-foo.kiln", kiln::Codec().serialize(native_foo()).value()) && ok;
    ok = write_file(dir + "/native-person.kiln", compatible.serialize(native_person()).value()) &&
         ok;
    ok = write_file(dir + "/native-person-v2.kiln",
                    compatible.serialize(native_person_v2()).value()) &&
         ok;
    return ok ? 0 : 1;
  }
  bool ok = check_file(dir + "/node-record.kiln", node_record());
  ok = check_file(dir + "/node-foo.kiln", node_foo()) && ok;
  ok = check_file(dir + "/node-person.kiln", node_person_as_v2()) && ok;
  ok = check_file(dir + "/node-person-v2.kiln", node_person_v2_as_v1()) && ok;
  return ok ? 0 : 1;
}
