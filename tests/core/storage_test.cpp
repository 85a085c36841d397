// The storage measure of the allocation budget (docs/FORMAT.md 6.5): the table of storage by
// type, and exact budgets at which a message decodes and one below at which it fails, at the
// container, pointer or value the format names. The same test runs natively and in wasm32, and
// tests/js/budget.test.mjs checks the same messages in JavaScript: one verdict on every platform.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "test_util.hpp"
#include "workloads.hpp"

namespace {

using kiln::ErrorCode;
using kiln::detail::element_charge;
using kiln::detail::object_charge;
using kiln::detail::storage_of;
using kiln::test::Bytes;

enum class Color : std::uint16_t { kRed };
struct Empty {
  bool operator==(const Empty&) const = default;
};
struct Padded {  // sizeof 16 natively, storage 9: the measure has no padding
  std::uint8_t a;
  std::uint64_t b;
  bool operator==(const Padded&) const = default;
};
class Base {
 public:
  virtual ~Base() = default;
  std::string name;
  KILN_FIELDS(Base, name)
};
class Derived : public Base {
 public:
  std::array<std::uint64_t, 4> data{};
  KILN_FIELDS_WITH_BASES(Derived, (Base), data)
};
struct PaddedV2 {  // another version of Padded, with a field Padded does not have
  static constexpr std::string_view kiln_name = "Padded";
  std::uint8_t a;
  std::uint64_t b;
  std::string extra;
};
struct Holder {
  std::unique_ptr<Base> one;
  std::vector<std::shared_ptr<Base>> many;
  KILN_FIELDS(Holder, one, many)
};

// The table of FORMAT.md 6.5, one row each.
static_assert(storage_of<bool> == 1 && storage_of<std::int8_t> == 1 && storage_of<char> == 1);
static_assert(storage_of<std::uint16_t> == 2 && storage_of<char16_t> == 2);
static_assert(storage_of<std::int32_t> == 4 && storage_of<float> == 4 && storage_of<wchar_t> == 4);
static_assert(storage_of<std::uint64_t> == 8 && storage_of<double> == 8);
static_assert(storage_of<Color> == 2);
static_assert(storage_of<std::string> == 24 && storage_of<std::vector<double>> == 24 &&
              storage_of<std::list<int>> == 24 && storage_of<std::set<int>> == 24 &&
              storage_of<std::unordered_map<int, int>> == 24);
static_assert(storage_of<std::unique_ptr<Base>> == 8 && storage_of<std::shared_ptr<Base>> == 16 &&
              storage_of<std::weak_ptr<Base>> == 16);
static_assert(storage_of<kiln::Value> == 24);
static_assert(storage_of<std::optional<std::uint64_t>> == 9);
static_assert(storage_of<std::variant<std::uint8_t, std::string>> == 25);
static_assert(storage_of<std::array<std::uint16_t, 3>> == 6 &&
              storage_of<std::array<std::string, 0>> == 0);
static_assert(storage_of<std::tuple<>> == 0 && storage_of<Empty> == 0);
static_assert(storage_of<std::pair<std::int16_t, std::string>> == 26);
static_assert(storage_of<Padded> == 9);
static_assert(storage_of<Derived> == 24 + 32);  // the base's fields, then its own
// Per element: at least 1, plus a node's links for node containers.
static_assert(element_charge<std::vector<std::tuple<>>> == 1);
static_assert(element_charge<std::deque<std::string>> == 24);
static_assert(element_charge<std::list<std::uint8_t>> == 33);
static_assert(element_charge<std::set<Empty>> == 33);
static_assert(element_charge<std::map<std::int32_t, std::string>> == 4 + 24 + 32);
static_assert(element_charge<std::unordered_set<std::int64_t>> == 8 + 32);
static_assert(object_charge<Empty> == 1 && object_charge<Derived> == 56);

kiln::Options budget(std::size_t units, kiln::Options o = {}) {
  o.limits.max_alloc_bytes = units;
  return o;
}

// Decodes m as T with a budget of exactly `total` (it must succeed) and of total - 1 (it must
// fail with allocation limit exceeded at `offset`).
template <class T>
void expect_budget(const Bytes& m, std::size_t total, std::size_t offset, kiln::Options o = {},
                   std::shared_ptr<const kiln::TypeRegistry> types = nullptr) {
  T v{};
  kiln::Status ok = kiln::Codec(budget(total, o), types).deserialize_into(m, v);
  EXPECT_TRUE(ok.ok()) << ok.error().message();
  T w{};
  kiln::Status s = kiln::Codec(budget(total - 1, o), types).deserialize_into(m, w);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::kAllocationLimit) << s.error().message();
  EXPECT_EQ(s.error().offset, offset) << s.error().message();
}

TEST(Storage, SequencesAreChargedTheirElementsStorage) {
  // 3 x 24 for the strings, then 1 + 2 bytes of text.
  std::vector<std::string> v{"a", "", "bc"};
  Bytes m = kiln::Codec().serialize(v).value();
  expect_budget<std::vector<std::string>>(m, 3 * 24 + 3, 7 + 1 + 2 + 1);  // at "bc"'s length
}

TEST(Storage, PaddingIsNotCharged) {
  std::vector<Padded> v(5, Padded{1, 2});
  Bytes m = kiln::Codec().serialize(v).value();
  expect_budget<std::vector<Padded>>(m, 5 * 9, 7);
}

TEST(Storage, MapEntriesAreChargedKeyValueAndLinks) {
  std::map<std::int32_t, std::string> v{{1, "x"}, {2, "yz"}};
  Bytes m = kiln::Codec().serialize(v).value();
  expect_budget<std::map<std::int32_t, std::string>>(m, 2 * (4 + 24 + 32) + 3,
                                                     7 + 1 + 4 + 2 + 4);  // "yz"'s length
}

TEST(Storage, ObjectsBehindPointersAreChargedTheirTypesStorage) {
  auto types = std::make_shared<kiln::TypeRegistry>();
  ASSERT_TRUE((types->add<Derived, Base>(7).ok()));
  Holder h;
  auto d = std::make_unique<Derived>();
  d->name = "d";
  h.one = std::move(d);
  h.many.push_back(std::make_shared<Base>());
  kiln::Codec codec({}, types);
  Bytes m = codec.serialize(h).value();
  // one: a Derived (56) and its name (1); many: one element (16), a Base (24).
  const std::size_t total = 56 + 1 + 16 + 24;
  // Bytes from 7: one's tag, its type id 7, "d" (2), four u64 (32); many's count at 43, the
  // element's pointer tag at 44 and type tag 0 at 45: the Base is charged after its type tag.
  expect_budget<Holder>(m, total, 46, {}, types);
  // With one unit less for the Derived, it fails at its type tag.
  Holder w;
  kiln::Status s = kiln::Codec(budget(55), types).deserialize_into(m, w);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::kAllocationLimit);
  EXPECT_EQ(s.error().offset, 8u);
}

TEST(Storage, GenericValuesAreChargedPerElementAndEntry) {
  kiln::Value v = kiln::Value::array({kiln::Value(std::int64_t{1}),
                                      kiln::Value::object({{"key", kiln::Value(std::int64_t{1})}}),
                                      kiln::Value()});
  Bytes m = kiln::Codec().serialize(v).value();
  // The array: 3 x 24; the object: 1 x 48; its key: 3 bytes. The key's length is the last charge.
  expect_budget<kiln::Value>(m, 3 * 24 + 48 + 3, 7 + 2 + 1 + 2);
}

TEST(Storage, CompatibleModeChargesTheReadersTypes) {
  kiln::Options compatible;
  compatible.compatible = true;
  kiln::Codec writer(compatible);
  Bytes m = writer.serialize(std::vector<PaddedV2>(4, PaddedV2{1, 2, "skipped"})).value();
  // The count is the byte after the type table: where an empty vector's message ends.
  const std::size_t count_at = writer.serialize(std::vector<PaddedV2>{}).value().size() - 1;
  // 4 x 9 for the reader's Padded, then the skipped strings' 4 x 7 bytes: the last one fails.
  expect_budget<std::vector<Padded>>(m, 4 * 9 + 4 * 7, m.size() - 8, compatible);
  // The count's charge comes first.
  std::vector<Padded> v;
  kiln::Status s = kiln::Codec(budget(4 * 9 - 1, compatible)).deserialize_into(m, v);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::kAllocationLimit);
  EXPECT_EQ(s.error().offset, count_at);
}

}  // namespace
