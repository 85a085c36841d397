// kiln::Adapter: a strong-typedef id, a time point and a class with members that are not data
// travel as their wire types in every mode, with the wire types' bytes and fingerprints, as roots,
// as fields, inside containers and behind shared pointers, and across versions in compatible
// mode. A reader that declares the wire type reads what the adapted writer wrote, and back.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "test_util.hpp"

// The adapted types and their adapters, as a user would write them (outside the anonymous
// namespace, so that members a test does not call are not warned about).
namespace adapted {

// A strong typedef: the explicit constructor keeps a plain integer from becoming an id by
// accident. Written as its integer.
struct UserId {
  UserId() = default;
  explicit UserId(std::uint64_t v) : value(v) {}
  std::uint64_t value = 0;
  bool operator==(const UserId&) const = default;
};

// A point in time, written as int64 microseconds since 1970-01-01 UTC: the resolution of
// libc++'s system_clock (the wasm build's), so a message reads back to the same time point on
// either target, over +-292,000 years. libstdc++'s clock counts nanoseconds; the adapter rounds
// them down to the microsecond, and rejects a count beyond its range (+-292 years).
using Timestamp = std::chrono::system_clock::time_point;

// A class whose state a mutex guards and which calls back on every change: neither member is
// data, so the class is not reflected. Its data travels as a SensorWire.
struct SensorWire {
  std::string name;
  std::vector<double> readings;
  std::uint32_t alarms = 0;
  bool operator==(const SensorWire&) const = default;
};
class Sensor {
 public:
  Sensor() = default;
  Sensor(std::string name, std::vector<double> readings, std::uint32_t alarms)
      : name_(std::move(name)), readings_(std::move(readings)), alarms_(alarms) {}
  Sensor(const Sensor& o) { replace(o.snapshot()); }
  Sensor& operator=(const Sensor& o) {
    replace(o.snapshot());
    return *this;
  }

  void on_change(std::function<void()> f) {
    std::lock_guard<std::mutex> lock(mutex_);
    on_change_ = std::move(f);
  }
  SensorWire snapshot() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return SensorWire{name_, readings_, alarms_};
  }
  void replace(SensorWire&& data) {
    std::function<void()> notify;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      name_ = std::move(data.name);
      readings_ = std::move(data.readings);
      alarms_ = data.alarms;
      notify = on_change_;
    }
    if (notify) notify();
  }
  friend bool operator==(const Sensor& a, const Sensor& b) { return a.snapshot() == b.snapshot(); }

 private:
  mutable std::mutex mutex_;
  std::function<void()> on_change_;
  std::string name_;
  std::vector<double> readings_;
  std::uint32_t alarms_ = 0;
};

// An adapter takes precedence over an enum's integer: a colour travels as its name.
enum class Colour : std::uint8_t { kRed, kGreen };

// to_wire may return a reference to what the value holds: nothing is copied.
class Labels {
 public:
  Labels() = default;
  explicit Labels(std::vector<std::string> items) : items_(std::move(items)) {}
  const std::vector<std::string>& items() const { return items_; }
  void assign(std::vector<std::string>&& items) { items_ = std::move(items); }
  bool operator==(const Labels&) const = default;

 private:
  std::vector<std::string> items_;
};

}  // namespace adapted

template <>
struct kiln::Adapter<adapted::UserId> {
  using wire_type = std::uint64_t;
  static wire_type to_wire(const adapted::UserId& id) { return id.value; }
  static void from_wire(wire_type&& w, adapted::UserId& out) { out = adapted::UserId(w); }
};

template <>
struct kiln::Adapter<adapted::Timestamp> {
  using wire_type = std::int64_t;  // microseconds since the epoch
  static wire_type to_wire(const adapted::Timestamp& t) {
    return std::chrono::floor<std::chrono::microseconds>(t.time_since_epoch()).count();
  }
  static kiln::Status from_wire(wire_type&& us, adapted::Timestamp& out) {
    using Duration = adapted::Timestamp::duration;
    constexpr std::int64_t kMax =
        std::chrono::duration_cast<std::chrono::microseconds>(Duration::max()).count();
    if (us > kMax || us < -kMax) return kiln::reject("timestamp beyond the clock's range");
    out = adapted::Timestamp(std::chrono::duration_cast<Duration>(std::chrono::microseconds(us)));
    return {};
  }
};

template <>
struct kiln::Adapter<adapted::Sensor> {
  using wire_type = adapted::SensorWire;
  static wire_type to_wire(const adapted::Sensor& s) { return s.snapshot(); }
  static void from_wire(wire_type&& w, adapted::Sensor& out) { out.replace(std::move(w)); }
};

template <>
struct kiln::Adapter<adapted::Colour> {
  using wire_type = std::string;
  static wire_type to_wire(adapted::Colour c) {
    return c == adapted::Colour::kRed ? "red" : "green";
  }
  static kiln::Status from_wire(std::string&& name, adapted::Colour& out) {
    if (name == "red")
      out = adapted::Colour::kRed;
    else if (name == "green")
      out = adapted::Colour::kGreen;
    else
      return kiln::reject("no colour is called \"" + name + "\"");
    return {};
  }
};

template <>
struct kiln::Adapter<adapted::Labels> {
  using wire_type = std::vector<std::string>;
  static const wire_type& to_wire(const adapted::Labels& l) { return l.items(); }
  static void from_wire(wire_type&& w, adapted::Labels& out) { out.assign(std::move(w)); }
};

namespace {

using adapted::Sensor;
using adapted::SensorWire;
using adapted::Timestamp;
using adapted::UserId;
using kiln::Codec;
using kiln::ErrorCode;
using kiln::Options;
using kiln::test::Bytes;
using kiln::test::hex;

Timestamp at_micros(std::int64_t us) {
  return Timestamp(std::chrono::duration_cast<Timestamp::duration>(std::chrono::microseconds(us)));
}

// Each adapted type as a field, in a container, in an optional.
struct Account {
  UserId id;
  Timestamp created;
  Sensor sensor;
  std::vector<UserId> friends;
  std::optional<Timestamp> last_login;
  bool operator==(const Account&) const = default;
};
// A struct of a bounded size: written with one room check and read on the flat path.
struct Login {
  UserId user;
  Timestamp at;
  bool operator==(const Login&) const = default;
};
// Adapted objects behind shared pointers, one of them reached twice.
struct Fleet {
  std::shared_ptr<Sensor> first;
  std::shared_ptr<Sensor> second;
  std::shared_ptr<UserId> owner;
  std::vector<Sensor> spares;  // equal names: one string with share_strings
};

// The same messages declared with the wire types. Same short names, so that compatible mode's
// type tables are the same too.
namespace wire {
struct Account {
  std::uint64_t id;
  std::int64_t created;
  SensorWire sensor;
  std::vector<std::uint64_t> friends;
  std::optional<std::int64_t> last_login;
  bool operator==(const Account&) const = default;
};
struct Login {
  std::uint64_t user;
  std::int64_t at;
  bool operator==(const Login&) const = default;
};
struct Fleet {
  std::shared_ptr<SensorWire> first;
  std::shared_ptr<SensorWire> second;
  std::shared_ptr<std::uint64_t> owner;
  std::vector<SensorWire> spares;
};
}  // namespace wire

Sensor sample_sensor() {
  return Sensor("boiler", {20.5, 21.25, -3.0}, 2);
}
SensorWire sample_sensor_wire() {
  return SensorWire{"boiler", {20.5, 21.25, -3.0}, 2};
}

Account sample_account() {
  return Account{UserId(0x0102030405060708ull),
                 at_micros(1700000000123456),
                 sample_sensor(),
                 {UserId(1), UserId(300), UserId(~0ull)},
                 at_micros(-86400000000)};  // a day before the epoch
}
wire::Account sample_account_wire() {
  return wire::Account{
      0x0102030405060708ull, 1700000000123456, sample_sensor_wire(), {1, 300, ~0ull}, -86400000000};
}

// Longer than a string's inline buffer: each copy to_wire makes is an allocation of its own.
const std::string kSpare = "a spare sensor, kept in the store room";

Fleet sample_fleet() {
  auto shared = std::make_shared<Sensor>(sample_sensor());
  return Fleet{shared,
               shared,
               std::make_shared<UserId>(42),
               {Sensor(kSpare, {1}, 0), Sensor(kSpare, {2}, 1), Sensor(kSpare, {}, 0)}};
}
wire::Fleet sample_fleet_wire() {
  auto shared = std::make_shared<SensorWire>(sample_sensor_wire());
  return wire::Fleet{shared,
                     shared,
                     std::make_shared<std::uint64_t>(42),
                     {{kSpare, {1}, 0}, {kSpare, {2}, 1}, {kSpare, {}, 0}}};
}

// Fleets are equal when their objects are and, if `identity`, share an object where the other
// does.
bool same_fleet(const Fleet& a, const Fleet& b, bool identity) {
  return a.first && b.first && *a.first == *b.first && a.second && *a.second == *b.second &&
         (!identity || (a.first == a.second) == (b.first == b.second)) && a.owner && b.owner &&
         *a.owner == *b.owner && a.spares == b.spares;
}

// In every combination of options: the adapted value's message is the wire value's byte for
// byte, each reads back as itself, and each side reads the other's message.
template <class T, class W, class Equal>
void expect_written_as_wire(const T& value, const W& wire_value, Equal equal) {
  for (const Options& o : kiln::test::every_option_set()) {
    SCOPED_TRACE(kiln::test::describe(o));
    Codec codec(o);
    auto bytes = codec.serialize(value);
    auto wire_bytes = codec.serialize(wire_value);
    static_assert(kiln::detail::evolve::Schema<T>::ok == kiln::detail::evolve::Schema<W>::ok);
    if (o.compatible && !kiln::detail::evolve::Schema<T>::ok) {  // pointers: no descriptor
      EXPECT_EQ(bytes.error().code, ErrorCode::kUnsupportedOption);
      EXPECT_EQ(wire_bytes.error().code, ErrorCode::kUnsupportedOption);
      continue;
    }
    ASSERT_TRUE(bytes.has_value()) << bytes.error().message();
    ASSERT_TRUE(wire_bytes.has_value()) << wire_bytes.error().message();
    EXPECT_EQ(hex(*bytes, 512), hex(*wire_bytes, 512));
    auto view = codec.serialize_view(value);
    ASSERT_TRUE(view.has_value()) << view.error().message();
    EXPECT_EQ(hex(*view, 512), hex(*bytes, 512));

    T back{};
    kiln::Status read = codec.deserialize_into(*bytes, back);
    ASSERT_TRUE(read.has_value()) << read.error().message();
    EXPECT_TRUE(equal(back, value, o));
    T from_wire{};
    read = codec.deserialize_into(*wire_bytes, from_wire);
    ASSERT_TRUE(read.has_value()) << read.error().message();
    EXPECT_TRUE(equal(from_wire, value, o));
    W as_wire{};
    read = codec.deserialize_into(*bytes, as_wire);
    ASSERT_TRUE(read.has_value()) << read.error().message();
    EXPECT_EQ(hex(codec.serialize(as_wire).value(), 512), hex(*wire_bytes, 512));
  }
}
constexpr auto kEqual = [](const auto& a, const auto& b, const Options&) { return a == b; };

TEST(Adapter, FingerprintIsTheWireTypes) {
  static_assert(kiln::fingerprint_of<UserId>() == kiln::fingerprint_of<std::uint64_t>());
  static_assert(kiln::fingerprint_of<Timestamp>() == kiln::fingerprint_of<std::int64_t>());
  static_assert(kiln::fingerprint_of<Sensor>() == kiln::fingerprint_of<SensorWire>());
  static_assert(kiln::fingerprint_of<Account>() == kiln::fingerprint_of<wire::Account>());
  static_assert(kiln::fingerprint_of<Fleet>() == kiln::fingerprint_of<wire::Fleet>());
  static_assert(kiln::fingerprint_of<Account>() != kiln::fingerprint_of<Login>());
}

TEST(Adapter, CompileTimeFactsAreTheWireTypes) {
  using kiln::CompressedMode;
  using kiln::FixedMode;
  using kiln::Serializer;
  // A from_wire that takes every value keeps the wire type exact; one that may reject does not.
  static_assert(Serializer<UserId>::exact<FixedMode>);
  static_assert(!Serializer<Timestamp>::exact<FixedMode>);
  static_assert(Serializer<Login>::max_bytes<FixedMode> == 16);
  static_assert(Serializer<Login>::max_bytes<CompressedMode> == 20);
  static_assert(Serializer<Account>::min_bytes == Serializer<wire::Account>::min_bytes);
  // The fast paths see through adapters; graphs are found behind them.
  static_assert(kiln::detail::CheckedRead<Login, FixedMode>);
  static_assert(kiln::detail::CheckedRead<Login, CompressedMode>);
  static_assert(kiln::writes_checked<Account, FixedMode>);
  static_assert(!kiln::detail::graph::needs_graph<Account>);
  static_assert(kiln::detail::graph::needs_graph<Fleet>);
  static_assert(kiln::detail::evolve::Schema<Account>::ok);
  static_assert(kiln::detail::evolve::Schema<Account>::bytes ==
                kiln::detail::evolve::Schema<wire::Account>::bytes);
  // The expert protocol, as a concept.
  static_assert(kiln::SerializerFor<Serializer<UserId>, UserId>);
  static_assert(kiln::SerializerFor<Serializer<Account>, Account>);
  static_assert(kiln::SerializerFor<Serializer<std::string>, std::string>);
  static_assert(!kiln::SerializerFor<Serializer<std::string>, int>);
}

// Golden bytes: what a Login is on the wire, with and without compressed numbers.
TEST(Adapter, LoginBytes) {
  const Login login{UserId(0x0102030405060708ull), at_micros(-2)};
  const Bytes fixed{0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01,   // id, u64 little-endian
                    0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};  // -2 us, i64
  const Bytes compressed{0x88, 0x8e, 0x98, 0xa8, 0xc0, 0xe0, 0x80, 0x81, 0x01,  // varint
                         0x03};                                                 // zigzag(-2)
  EXPECT_EQ(hex(Codec({.header = false}).serialize(login).value()), hex(fixed));
  EXPECT_EQ(hex(Codec({.compress_numbers = true, .header = false}).serialize(login).value()),
            hex(compressed));
  Bytes with_header = Codec().serialize(login).value();
  ASSERT_EQ(with_header.size(), 7 + fixed.size());
  EXPECT_EQ(hex(Bytes(with_header.begin() + 7, with_header.end())), hex(fixed));
  EXPECT_EQ(kiln::detail::io::load_le<std::uint32_t>(with_header.data() + 3),
            kiln::fingerprint_of<wire::Login>());
}

TEST(Adapter, RootsAreWrittenAsTheirWireTypes) {
  expect_written_as_wire(UserId(0x0102030405060708ull), std::uint64_t{0x0102030405060708ull},
                         kEqual);
  expect_written_as_wire(at_micros(1700000000123456), std::int64_t{1700000000123456}, kEqual);
  expect_written_as_wire(at_micros(-1), std::int64_t{-1}, kEqual);
  expect_written_as_wire(sample_sensor(), sample_sensor_wire(), kEqual);
}

TEST(Adapter, FieldsAreWrittenAsTheirWireTypes) {
  expect_written_as_wire(sample_account(), sample_account_wire(), kEqual);
  expect_written_as_wire(Account{}, wire::Account{}, kEqual);
  expect_written_as_wire(Login{UserId(7), at_micros(99)}, wire::Login{7, 99}, kEqual);
}

// track_references writes the shared sensor once, and reads it back as one object; with
// share_strings the spares' names are one string. The wire values to_wire makes live until the
// message is written, so the string table never points into a destroyed one.
TEST(Adapter, BehindSharedPointers) {
  expect_written_as_wire(sample_fleet(), sample_fleet_wire(),
                         [](const Fleet& a, const Fleet& b, const Options& o) {
                           return same_fleet(a, b, o.track_references);
                         });
  Codec tracking({.track_references = true, .share_strings = true});
  Bytes bytes = tracking.serialize(sample_fleet()).value();
  Fleet back;
  ASSERT_TRUE(tracking.deserialize_into(bytes, back).has_value());
  EXPECT_EQ(back.first, back.second);
  // Read again into the same value: the sensor its two pointers own alone is reused.
  const Sensor* reused = back.first.get();
  ASSERT_TRUE(tracking.deserialize_into(bytes, back).has_value());
  EXPECT_EQ(back.first.get(), reused);
  EXPECT_TRUE(same_fleet(back, sample_fleet(), true));
}

// from_wire's Status: the decoder fails with kValueOutOfRange at the value's first byte, on the
// flat path (Login) and the general one (Account), as root and as field.
TEST(Adapter, RejectedValueIsAnErrorAtItsOffset) {
  const std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
  for (bool compress : {false, true}) {
    SCOPED_TRACE(compress ? "compressed" : "fixed");
    Codec codec({.compress_numbers = compress});
    Bytes root = codec.serialize(kMin).value();
    Timestamp t;
    kiln::Error e = codec.deserialize_into(root, t).error();
    EXPECT_EQ(e.code, ErrorCode::kValueOutOfRange) << e.message();
    EXPECT_EQ(e.offset, 7u);
    EXPECT_EQ(e.detail, "timestamp beyond the clock's range");

    Bytes login = codec.serialize(wire::Login{5, kMin}).value();
    Login l;
    e = codec.deserialize_into(login, l).error();
    EXPECT_EQ(e.code, ErrorCode::kValueOutOfRange) << e.message();
    EXPECT_EQ(e.offset, 7u + (compress ? 1u : 8u));

    wire::Account w = sample_account_wire();
    w.last_login = kMin;
    Bytes account = codec.serialize(w).value();
    Account a;
    e = codec.deserialize_into(account, a).error();
    EXPECT_EQ(e.code, ErrorCode::kValueOutOfRange) << e.message();
    EXPECT_EQ(e.offset, account.size() - (compress ? 10u : 8u));  // after the optional's tag
  }
}

// Compatible mode: an adapted field added in a later version is defaulted for old messages and
// skipped by old readers.
namespace v1 {
struct Order {
  std::int32_t number;
  std::string item;
  bool operator==(const Order&) const = default;
};
}  // namespace v1
namespace v2 {
struct Order {
  std::int32_t number;
  UserId buyer;  // added
  std::string item;
  Timestamp placed;  // added
  Sensor sensor;     // added
  bool operator==(const Order&) const = default;
};
}  // namespace v2

TEST(Adapter, AddedAndRemovedInCompatibleMode) {
  const v2::Order order{12, UserId(77), "kiln", at_micros(1234567), sample_sensor()};
  for (bool compress : {false, true}) {
    SCOPED_TRACE(compress ? "compressed" : "fixed");
    Codec codec({.compress_numbers = compress, .compatible = true});
    // New writer, old reader: the adapted fields are skipped by their wire descriptors.
    auto old = codec.deserialize<v1::Order>(codec.serialize(order).value());
    ASSERT_TRUE(old.has_value()) << old.error().message();
    EXPECT_EQ(*old, (v1::Order{12, "kiln"}));
    // Old writer, new reader: they get their defaults.
    v2::Order into = order;
    kiln::Status s = codec.deserialize_into(codec.serialize(v1::Order{3, "pot"}).value(), into);
    ASSERT_TRUE(s.has_value()) << s.error().message();
    EXPECT_EQ(into, (v2::Order{3, UserId(), "pot", Timestamp(), Sensor()}));
    // And the same version reads itself.
    auto same = codec.deserialize<v2::Order>(codec.serialize(order).value());
    ASSERT_TRUE(same.has_value()) << same.error().message();
    EXPECT_EQ(*same, order);
  }
}

// An adapter takes precedence over an enum's integer: a colour travels as its name, and a name
// the reader does not know is rejected.
TEST(Adapter, EnumAsItsName) {
  using adapted::Colour;
  static_assert(kiln::fingerprint_of<Colour>() == kiln::fingerprint_of<std::string>());
  EXPECT_TRUE(kiln::test::round_trips(std::vector<Colour>{Colour::kRed, Colour::kGreen}));
  Codec codec;
  EXPECT_EQ(hex(codec.serialize(Colour::kGreen).value()),
            hex(codec.serialize(std::string("green")).value()));
  Colour c = Colour::kRed;
  kiln::Error e = codec.deserialize_into(codec.serialize(std::string("mauve")).value(), c).error();
  EXPECT_EQ(e.code, ErrorCode::kValueOutOfRange);
  EXPECT_EQ(e.offset, 7u);
  EXPECT_EQ(e.detail, "no colour is called \"mauve\"");
}

// to_wire by reference: nothing is copied, and the bytes are the wire type's.
TEST(Adapter, ToWireByReference) {
  const adapted::Labels labels({"a", "b"});
  expect_written_as_wire(labels, std::vector<std::string>{"a", "b"}, kEqual);
}

}  // namespace
