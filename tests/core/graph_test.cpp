// Object graphs: shared references and cycles (reference tracking), polymorphic pointers through
// a type registry, base-class fields, and the TestClass workload.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "test_class.hpp"
#include "test_util.hpp"

namespace {

using kiln::Codec;
using kiln::ErrorCode;
using kiln::Options;
using kiln::TypeRegistry;
using kiln::test::Bytes;
using kiln::test::hex;
using kiln::workloads::TestBaseClass;
using kiln::workloads::TestClass;

const Options kTrack{.track_references = true};

// Serializes value and checks the bytes after the 7-byte header.
template <class T>
void expect_payload(const Codec& codec, const T& value, const Bytes& expected) {
  Bytes bytes = codec.serialize(value).value();
  EXPECT_EQ(Bytes(bytes.begin() + 7, bytes.end()), expected) << hex(bytes);
}

template <class T>
T round_trip(const Codec& codec, const T& value) {
  Bytes bytes = codec.serialize(value).value();
  T out{};
  kiln::Status s = codec.deserialize_into(bytes, out);
  EXPECT_TRUE(s.ok()) << s.error().message() << "; bytes " << hex(bytes);
  return out;
}

// --- TestClass -----------------------------------------------------------------------------

TEST(Graph, TestClassRoundTripKeepsValuesAndIdentity) {
  const TestClass in = TestClass::make();
  ASSERT_TRUE(in.shares_object());
  for (bool compress : {false, true}) {
    Codec codec({.compress_numbers = compress, .track_references = true});
    TestClass out = round_trip(codec, in);
    EXPECT_TRUE(out == in) << compress;  // every field, base fields included, pointees by value
    EXPECT_TRUE(out.shares_object()) << "m_object1 and m_object2 must be one object again";
    EXPECT_EQ(out.byte_val(), 1);
    EXPECT_EQ(out.char_val(), u'6');
    EXPECT_EQ(out.base().int_val(), 8);  // the base's m_int, hidden by TestClass::m_int
    EXPECT_EQ(out.int_val(), 4);
    EXPECT_EQ(out.strings()[7], "string value #7");
    for (const auto& o : out.objects()) {
      ASSERT_TRUE(o);
      EXPECT_NE(o, out.object1());  // distinct objects stay distinct
    }
  }
}

// Decoding into a reused value keeps the objects that only its own shared_ptrs own (their
// strings keep their storage), and never writes into an object that has an owner outside it.
TEST(Graph, ReusedValueKeepsObjectsOnlyItOwns) {
  const TestClass in = TestClass::make();
  Codec codec({.track_references = true, .share_strings = true});
  const Bytes bytes = codec.serialize(in).value();
  TestClass out = round_trip(codec, in);
  std::vector<const TestBaseClass*> before;
  for (const auto& o : out.objects()) before.push_back(o.get());
  const TestBaseClass* shared_before = out.object1().get();
  // Someone else holds objects()[2]: it must stay as it is, and out gets a new object there.
  std::shared_ptr<TestBaseClass> held = out.objects()[2];
  held->string_val() = "kept by another owner";
  out.objects()[0]->string_val() = "overwritten by the decode";
  out.object1()->strings()[3] = "overwritten too";
  const std::weak_ptr<TestBaseClass> watcher = out.objects()[0];  // not an owner
  ASSERT_TRUE(codec.deserialize_into(bytes, out).ok());
  EXPECT_TRUE(out == in);
  EXPECT_TRUE(out.shares_object());
  EXPECT_EQ(out.objects()[0].get(), before[0]);
  EXPECT_EQ(out.objects()[1].get(), before[1]);
  EXPECT_EQ(out.objects()[3].get(), before[3]);
  EXPECT_NE(out.objects()[2].get(), held.get());
  EXPECT_EQ(held->string_val(), "kept by another owner");
  // Owned twice, by object1 and object2, and by nothing outside: kept.
  EXPECT_EQ(out.object1().get(), shared_before);
  EXPECT_EQ(out.object1().use_count(), 2);
  EXPECT_EQ(out.objects()[0]->string_val(), "some string");
  EXPECT_EQ(watcher.lock(), out.objects()[0]);  // sees the reused object's new value
}

// The shared object of a reused value that the caller also holds is replaced, not written into.
TEST(Graph, ReusedValueReplacesASharedObjectHeldOutside) {
  const TestClass in = TestClass::make();
  Codec codec(kTrack);
  const Bytes bytes = codec.serialize(in).value();
  TestClass out = round_trip(codec, in);
  std::shared_ptr<TestBaseClass> held = out.object2();  // owners: object1, object2, held
  held->string_val() = "kept by another owner";
  ASSERT_TRUE(codec.deserialize_into(bytes, out).ok());
  EXPECT_TRUE(out == in);
  EXPECT_TRUE(out.shares_object());
  EXPECT_NE(out.object1().get(), held.get());
  EXPECT_EQ(held->string_val(), "kept by another owner");
  EXPECT_EQ(held.use_count(), 1);
}

// Owners are told apart by control block, not address: object2 points at object1's object
// through another owner (an aliasing shared_ptr), so neither pointer accounts for all of its
// object's owners and the decode writes into neither.
TEST(Graph, ReusedValueCountsOwnersByControlBlock) {
  const TestClass in = TestClass::make();
  Codec codec(kTrack);
  const Bytes bytes = codec.serialize(in).value();
  TestClass out;
  auto object = std::make_shared<TestBaseClass>();
  auto other_owner = std::make_shared<int>(0);
  object->string_val() = "untouched";
  out.object1() = object;                                                     // owners: 2
  out.object2() = std::shared_ptr<TestBaseClass>(other_owner, object.get());  // owners: 2
  ASSERT_TRUE(codec.deserialize_into(bytes, out).ok());
  EXPECT_TRUE(out == in);
  EXPECT_TRUE(out.shares_object());
  EXPECT_NE(out.object1().get(), object.get());
  EXPECT_EQ(object->string_val(), "untouched");
}

// Whatever the reused value shared, the result equals a fresh decode: one object read into two
// slots that held different objects, and two objects read into slots that held one.
TEST(Graph, ReusedValueWithAnotherSharingComesOutAsTheMessageSays) {
  TestClass shared = TestClass::make();
  TestClass apart = TestClass::make();
  apart.object2() = std::make_shared<TestBaseClass>(TestBaseClass::make());
  apart.object2()->string_val() = "a second object";
  apart.objects()[1] = apart.objects()[0];  // shared elsewhere instead
  Codec codec({.compress_numbers = true, .track_references = true, .share_strings = true});
  for (const TestClass* message : {&shared, &apart}) {
    const Bytes bytes = codec.serialize(*message).value();
    for (const TestClass* reused : {&shared, &apart}) {
      TestClass out = round_trip(codec, *reused);
      ASSERT_TRUE(codec.deserialize_into(bytes, out).ok());
      EXPECT_TRUE(out == *message);
      EXPECT_EQ(out.shares_object(), message->shares_object());
      EXPECT_EQ(out.objects()[0] == out.objects()[1], message == &apart);
    }
  }
}

TEST(Graph, WithoutTrackingTheSharedObjectIsWrittenTwice) {
  const TestClass in = TestClass::make();
  Bytes tracked = Codec(kTrack).serialize(in).value();
  Bytes plain = Codec().serialize(in).value();
  EXPECT_EQ(plain[2], 0);
  EXPECT_EQ(tracked[2], kiln::detail::wire::kFlagReferenceTracking);
  TestClass out = round_trip(Codec(), in);
  EXPECT_TRUE(out == in);
  EXPECT_FALSE(out.shares_object());
  // The second copy of m_object1 costs a whole object; with tracking it is one tag byte.
  Bytes one_object = kiln::test::payload(TestBaseClass::make());
  EXPECT_EQ(plain.size(), tracked.size() + one_object.size());
}

TEST(Graph, BaseFieldsComeFirstAndEnterTheFingerprint) {
  // TestClass's payload starts with its base's fields.
  Bytes base = kiln::test::payload(TestBaseClass::make());
  Bytes whole = kiln::test::payload(TestClass::make());
  ASSERT_GT(whole.size(), base.size());
  EXPECT_TRUE(std::equal(base.begin(), base.end(), whole.begin()));
  EXPECT_NE(kiln::fingerprint_of<TestClass>(), kiln::fingerprint_of<TestBaseClass>());
}

// --- shared references and cycles -----------------------------------------------------------

struct Leaf {
  int value = 0;
  bool operator==(const Leaf&) const = default;
};

TEST(Graph, SharedObjectsInAVectorStayShared) {
  auto a = std::make_shared<Leaf>(Leaf{1});
  auto b = std::make_shared<Leaf>(Leaf{2});
  std::vector<std::shared_ptr<Leaf>> in{a, b, a, nullptr, a, b};
  Codec codec(kTrack);
  // count 6; new #0 {1}; new #1 {2}; ref #0; null; ref #0; ref #1
  expect_payload(codec, in, Bytes{6, 1, 1, 0, 0, 0, 1, 2, 0, 0, 0, 2, 0, 2, 3});
  auto out = round_trip(codec, in);
  ASSERT_EQ(out.size(), 6u);
  EXPECT_EQ(out[0]->value, 1);
  EXPECT_EQ(out[1]->value, 2);
  EXPECT_EQ(out[0], out[2]);
  EXPECT_EQ(out[0], out[4]);
  EXPECT_EQ(out[1], out[5]);
  EXPECT_NE(out[0], out[1]);
  EXPECT_EQ(out[3], nullptr);
  EXPECT_EQ(out[0].use_count(), 3);  // only the vector owns the objects after decoding
}

struct Node {
  int value = 0;
  std::shared_ptr<Node> next;
  std::weak_ptr<Node> prev;
};

TEST(Graph, CycleThroughWeakPointerRoundTrips) {
  // a <-> b: a owns b, b refers back to a weakly; a's next-next is nobody.
  auto a = std::make_shared<Node>();
  a->value = 1;
  a->next = std::make_shared<Node>();
  a->next->value = 2;
  a->next->prev = a;
  Codec codec(kTrack);
  auto out = round_trip(codec, a);
  ASSERT_TRUE(out && out->next);
  EXPECT_EQ(out->value, 1);
  EXPECT_EQ(out->next->value, 2);
  EXPECT_EQ(out->next->prev.lock(), out);  // the cycle comes back as a cycle
  EXPECT_EQ(out.use_count(), 1);           // and nothing else holds on to it
}

// A weak_ptr that reaches an object before any shared_ptr does: the weak_ptr announces it by
// number and its first shared_ptr writes its fields, so the object that owns it back (a below)
// is no longer "still being read" when that back-reference comes.
TEST(Graph, WeakPointerFirstAnnouncesTheObject) {
  auto a = std::make_shared<Node>();
  auto b = std::make_shared<Node>();
  a->value = 1;
  b->value = 2;
  a->prev = b;  // b is first reached here, weakly
  b->next = a;  // and b owns a
  std::vector<std::shared_ptr<Node>> in{a, b};
  Codec codec(kTrack);
  // 2 items; new #0 {1, next: null, prev: announce #1}; #1's fields {2, next: ref #0, prev: null}
  expect_payload(codec, in, Bytes{2, 1, 1, 0, 0, 0, 0, 3, 3, 2, 0, 0, 0, 2, 0});
  auto out = round_trip(codec, in);
  ASSERT_EQ(out.size(), 2u);
  ASSERT_TRUE(out[0] && out[1]);
  EXPECT_EQ(out[0]->value, 1);
  EXPECT_EQ(out[1]->value, 2);
  EXPECT_EQ(out[0]->prev.lock(), out[1]);
  EXPECT_EQ(out[1]->next, out[0]);
  EXPECT_EQ(out[0].use_count(), 2);  // the vector and b
  EXPECT_EQ(out[1].use_count(), 1);  // the vector
}

TEST(Graph, WeakPointerToAnObjectOwnedOutsideTheMessageReadsExpired) {
  auto outside = std::make_shared<Node>();
  outside->value = 9;
  auto a = std::make_shared<Node>();
  a->prev = outside;
  Codec codec(kTrack);
  // new #0 {0, next: null, prev: announce #1}: nothing in the message owns #1, so its fields
  // are never written, and the weak_ptr reads back expired, as it would with them.
  expect_payload(codec, a, Bytes{1, 0, 0, 0, 0, 0, 3});
  auto out = round_trip(codec, a);
  ASSERT_TRUE(out);
  EXPECT_TRUE(out->prev.expired());
}

TEST(Graph, WeakPointerFirstWorksFromEitherEndOfAGraph) {
  // A ring of five nodes, each owning the next and weakly pointing at the previous one: every
  // start point makes some weak_ptr meet its object first.
  std::vector<std::shared_ptr<Node>> ring;
  for (int i = 0; i < 5; ++i) ring.push_back(std::make_shared<Node>(Node{i, nullptr, {}}));
  for (int i = 0; i < 5; ++i) {
    ring[i]->prev = ring[(i + 4) % 5];
    if (i < 4) ring[i]->next = ring[i + 1];  // the last one owns nobody: no owning cycle
  }
  Codec codec(kTrack);
  for (int start = 0; start < 5; ++start) {
    std::vector<std::shared_ptr<Node>> in;
    for (int i = 0; i < 5; ++i) in.push_back(ring[(start + i) % 5]);
    auto out = round_trip(codec, in);
    ASSERT_EQ(out.size(), 5u);
    for (int i = 0; i < 5; ++i) {
      const auto& n = out[static_cast<std::size_t>(i)];
      ASSERT_TRUE(n) << start;
      const int v = n->value;
      EXPECT_EQ(v, (start + i) % 5);
      const auto& prev = out[static_cast<std::size_t>((i + 4) % 5)];
      EXPECT_EQ(n->prev.lock(), prev) << start << " " << i;
      if (v < 4)
        EXPECT_EQ(n->next, out[static_cast<std::size_t>((i + 1) % 5)]) << start << " " << i;
      else
        EXPECT_EQ(n->next, nullptr);
    }
    EXPECT_EQ(codec.serialize(out).value(), codec.serialize(in).value()) << start;
  }
}

TEST(Graph, CycleThroughSharedPointersRoundTripsWhenAllowed) {
  auto a = std::make_shared<Node>();
  auto b = std::make_shared<Node>();
  a->value = 1;
  b->value = 2;
  a->next = b;
  b->next = a;  // a strong cycle
  Options allow = kTrack;
  allow.limits.allow_owning_cycles = true;
  Codec codec(allow);
  Bytes bytes = codec.serialize(a).value();
  // new #0 {1, next: new #1 {2, next: ref #0, prev: null}, prev: null}
  Bytes expected_payload{1, 1, 0, 0, 0, 1, 2, 0, 0, 0, 2, 0, 0};
  EXPECT_EQ(Bytes(bytes.begin() + 7, bytes.end()), expected_payload) << hex(bytes);
  std::shared_ptr<Node> out;
  ASSERT_TRUE(codec.deserialize_into(bytes, out).ok());
  ASSERT_TRUE(out && out->next);
  EXPECT_EQ(out->next->value, 2);
  EXPECT_EQ(out->next->next, out);
  out->next->next.reset();  // break the cycles so both graphs are freed
  b->next.reset();
}

TEST(GraphErrors, OwningCycleIsRejectedByDefault) {
  // The same message as above: by default a reader refuses to build a cycle of shared_ptrs,
  // which would never be freed.
  auto a = std::make_shared<Node>();
  a->value = 1;
  a->next = std::make_shared<Node>();
  a->next->next = a;
  Bytes bytes = Codec(kTrack).serialize(a).value();
  a->next->next.reset();
  std::shared_ptr<Node> out;
  kiln::Status s = Codec().deserialize_into(bytes, out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::kBadReference);
  EXPECT_EQ(s.error().offset, 17u);  // header 7, a: 1+4, a.next: 1+4, then the tag
  EXPECT_NE(s.error().detail.find("still being read"), std::string::npos) << s.error().message();
}

TEST(Graph, CycleWithoutTrackingFailsToWriteInsteadOfRecursing) {
  auto a = std::make_shared<Node>();
  a->next = a;
  Codec codec;
  Bytes out{0x55};
  kiln::Status s = codec.serialize_into(a, out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::kDepthExceeded);
  EXPECT_NE(s.error().message().find("track_references"), std::string::npos) << s.error().message();
  EXPECT_EQ(out, Bytes{0x55});  // left as it was
  EXPECT_EQ(codec.serialize(a).error().code, ErrorCode::kDepthExceeded);
  EXPECT_EQ(codec.serialize_view(a).error().code, ErrorCode::kDepthExceeded);
  a->next.reset();
}

TEST(Graph, UniquePointersRoundTripWithoutTracking) {
  struct Owner {
    std::unique_ptr<Leaf> one;
    std::unique_ptr<Leaf> none;
  };
  Owner in;
  in.one = std::make_unique<Leaf>(Leaf{7});
  Owner out = round_trip(Codec(), in);
  ASSERT_TRUE(out.one);
  EXPECT_EQ(out.one->value, 7);
  EXPECT_FALSE(out.none);
  EXPECT_EQ(kiln::test::payload(in), (Bytes{1, 7, 0, 0, 0, 0}));
}

// --- polymorphism ---------------------------------------------------------------------------

class Shape {
 public:
  Shape() = default;
  explicit Shape(int id) : id_(id) {}
  virtual ~Shape() = default;
  virtual std::string kind() const { return "shape"; }
  int id() const { return id_; }

 private:
  int id_ = 0;
  KILN_FIELDS(Shape, id_)
};

class Circle : public Shape {
 public:
  Circle() = default;
  Circle(int id, double r) : Shape(id), radius_(r) {}
  std::string kind() const override { return "circle"; }
  double radius() const { return radius_; }

 private:
  double radius_ = 0;
  KILN_FIELDS_WITH_BASES(Circle, (Shape), radius_)
};

class Square : public Shape {
 public:
  Square() = default;
  Square(int id, std::string label) : Shape(id), label_(std::move(label)) {}
  std::string kind() const override { return "square:" + label_; }

 private:
  std::string label_;
  KILN_FIELDS_WITH_BASES(Square, (Shape), label_)
};

class Triangle : public Shape {  // never registered
 public:
  Triangle() = default;
  explicit Triangle(int id) : Shape(id) {}

 private:
  int corners_ = 3;
  KILN_FIELDS_WITH_BASES(Triangle, (Shape), corners_)
};

std::shared_ptr<const TypeRegistry> shapes() {
  auto types = std::make_shared<TypeRegistry>();
  EXPECT_TRUE((types->add<Circle, Shape>(1).ok()));
  EXPECT_TRUE((types->add_named<Square, Shape>("geo.Square").ok()));
  return types;
}

std::vector<std::shared_ptr<Shape>> mixed_shapes() {
  auto square = std::make_shared<Square>(3, "red");
  return {std::make_shared<Circle>(1, 2.5), std::make_shared<Shape>(2), square,
          std::make_shared<Square>(4, "blue"), square};
}

std::string kinds(const std::vector<std::shared_ptr<Shape>>& v) {
  std::string s;
  for (const auto& p : v) s += (p ? p->kind() + "#" + std::to_string(p->id()) : "null") + " ";
  return s;
}

TEST(Polymorphism, MixedDerivedTypesRoundTrip) {
  auto in = mixed_shapes();
  for (bool track : {false, true}) {
    Codec codec({.track_references = track}, shapes());
    auto out = round_trip(codec, in);
    EXPECT_EQ(kinds(out), "circle#1 shape#2 square:red#3 square:blue#4 square:red#3 ") << track;
    auto* circle = dynamic_cast<Circle*>(out[0].get());
    ASSERT_NE(circle, nullptr);
    EXPECT_EQ(circle->radius(), 2.5);
    EXPECT_EQ(out[2] == out[4], track);  // identity only with tracking
  }
}

TEST(Polymorphism, NamesAreWrittenOncePerMessage) {
  Codec codec({}, shapes());
  Bytes bytes = codec.serialize(mixed_shapes()).value();
  std::string text(bytes.begin(), bytes.end());
  std::size_t first = text.find("geo.Square");
  ASSERT_NE(first, std::string::npos);
  EXPECT_EQ(text.find("geo.Square", first + 1), std::string::npos) << hex(bytes, 200);
  // circle: tag 1 (new), type tag 3 (id 1, odd), id 1, radius 2.5
  Bytes circle{1, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0x40};
  EXPECT_TRUE(std::equal(circle.begin(), circle.end(), bytes.begin() + 8)) << hex(bytes);
}

TEST(Polymorphism, WeakPointerAnnouncesTheDynamicType) {
  // The weak_ptr announces the object with its type tag; the shared_ptr that comes next writes
  // only its fields, whichever of its types that pointer declares.
  auto circle = std::make_shared<Circle>(1, 2.5);
  auto square = std::make_shared<Square>(3, "red");
  using Three = std::tuple<std::weak_ptr<Shape>, std::weak_ptr<Shape>, std::shared_ptr<Shape>,
                           std::shared_ptr<Square>>;
  Three in{circle, square, circle, square};
  Codec codec(kTrack, shapes());
  // announce #0 (type id 1); announce #1 (name #0, "geo.Square"); #0's fields; #1's fields
  expect_payload(codec, in, Bytes{2,   3,    3, 2, 10, 'g', 'e', 'o', '.', 'S', 'q', 'u', 'a',
                                  'r', 'e',  2, 1, 0,  0,   0,   0,   0,   0,   0,   0,   0,
                                  4,   0x40, 3, 3, 0,  0,   0,   3,   'r', 'e', 'd'});
  auto out = round_trip(codec, in);
  ASSERT_TRUE(std::get<2>(out) && std::get<3>(out));
  EXPECT_EQ(std::get<2>(out)->kind(), "circle");
  EXPECT_EQ(std::get<3>(out)->kind(), "square:red");
  EXPECT_EQ(std::get<0>(out).lock(), std::get<2>(out));
  EXPECT_EQ(std::get<1>(out).lock().get(), static_cast<Shape*>(std::get<3>(out).get()));
}

TEST(Polymorphism, UniquePointersToBaseRoundTrip) {
  std::vector<std::unique_ptr<Shape>> in;
  in.push_back(std::make_unique<Square>(9, "x"));
  in.push_back(std::make_unique<Circle>(8, 1.0));
  in.push_back(nullptr);
  Codec codec({}, shapes());
  auto out = round_trip(codec, in);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0]->kind(), "square:x");
  EXPECT_EQ(out[1]->kind(), "circle");
  EXPECT_EQ(out[2], nullptr);
}

TEST(Polymorphism, UnregisteredTypeIsRejectedWhenReading) {
  Bytes bytes = Codec({}, shapes()).serialize(mixed_shapes()).value();
  auto only_circles = std::make_shared<TypeRegistry>();
  ASSERT_TRUE((only_circles->add<Circle, Shape>(1).ok()));
  std::vector<std::shared_ptr<Shape>> out;
  kiln::Status s = Codec({}, only_circles).deserialize_into(bytes, out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::kUnknownType);
  EXPECT_NE(s.error().detail.find("\"geo.Square\" is not registered"), std::string::npos)
      << s.error().message();

  // A numeric id nobody registered, and any type tag when the codec has no registry.
  Bytes forged = kiln::test::message_for<std::vector<std::shared_ptr<Shape>>>({1, 1, 0x0f});
  s = Codec({}, shapes()).deserialize_into(forged, out);
  EXPECT_EQ(s.error().code, ErrorCode::kUnknownType);
  EXPECT_EQ(s.error().offset, 9u);
  EXPECT_NE(s.error().detail.find("type id 7 is not registered"), std::string::npos)
      << s.error().message();
  s = Codec().deserialize_into(bytes, out);
  EXPECT_EQ(s.error().code, ErrorCode::kUnknownType) << s.error().message();
}

TEST(Polymorphism, UnregisteredTypeIsRejectedWhenWriting) {
  std::vector<std::shared_ptr<Shape>> in{std::make_shared<Triangle>(1)};
  Bytes out;
  kiln::Status s = Codec({}, shapes()).serialize_into(in, out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, ErrorCode::kUnregisteredType);
  // The dynamic type by its C++ name, not the mangled one (N12_GLOBAL__N_18TriangleE).
  EXPECT_NE(s.error().detail.find("dynamic type (anonymous namespace)::Triangle behind"),
            std::string::npos)
      << s.error().message();
  EXPECT_TRUE(out.empty());
}

TEST(Polymorphism, DuplicateRegistrationsAreRejected) {
  TypeRegistry types;
  ASSERT_TRUE((types.add<Circle, Shape>(1).ok()));
  kiln::Status s = types.add<Square, Shape>(1);
  EXPECT_EQ(s.error().code, ErrorCode::kDuplicateType);
  EXPECT_NE(s.error().detail.find("type id 1 is already registered"), std::string::npos);
  s = types.add<Circle, Shape>(2);
  EXPECT_EQ(s.error().code, ErrorCode::kDuplicateType);
  ASSERT_TRUE((types.add_named<Square, Shape>("sq").ok()));
  s = types.add_named<Triangle, Shape>("sq");
  EXPECT_EQ(s.error().code, ErrorCode::kDuplicateType);
  EXPECT_EQ((types.add<Triangle, Shape>(0).error().code), ErrorCode::kDuplicateType);
  EXPECT_EQ(types.size(), 2u);
}

// --- hostile graphs -------------------------------------------------------------------------

using Leaves = std::vector<std::shared_ptr<Leaf>>;

// The error of decoding a forged body of T in a message with the reference-tracking flag.
template <class T>
kiln::Error tracked_error(const Bytes& body) {
  Bytes m = kiln::test::message_for<T>(body);
  m[2] = kiln::detail::wire::kFlagReferenceTracking;
  return kiln::test::decode_error<T>(m);
}

TEST(GraphErrors, BackReferenceOutOfRange) {
  kiln::Error e = tracked_error<Leaves>({2, 1, 5, 0, 0, 0, 3});
  EXPECT_EQ(e.code, ErrorCode::kBadReference);
  EXPECT_EQ(e.offset, 13u);
  EXPECT_EQ(e.detail, "back-reference to object #1 but only 1 objects so far");
  // Tag 2 + count names the next object: only a weak_ptr may announce one.
  e = tracked_error<Leaves>({1, 2});
  EXPECT_EQ(e.code, ErrorCode::kBadReference);
  EXPECT_EQ(e.offset, 8u);
  EXPECT_EQ(e.detail, "back-reference to object #0 but only 0 objects so far");
}

TEST(GraphErrors, BackReferenceWithoutTrackingFlag) {
  Bytes m = kiln::test::message_for<Leaves>({2, 1, 5, 0, 0, 0, 2});
  kiln::Error e = kiln::test::decode_error<Leaves>(m);
  EXPECT_EQ(e.code, ErrorCode::kBadReference);
  EXPECT_EQ(e.offset, 13u);
  EXPECT_NE(e.detail.find("without reference tracking"), std::string::npos) << e.detail;
}

TEST(GraphErrors, BackReferenceToAnotherType) {
  using Pair = std::tuple<std::shared_ptr<Leaf>, std::shared_ptr<Node>>;
  kiln::Error e = tracked_error<Pair>({1, 5, 0, 0, 0, 2});
  EXPECT_EQ(e.code, ErrorCode::kBadReference);
  EXPECT_EQ(e.offset, 12u);
  EXPECT_NE(e.detail.find("which is not a"), std::string::npos) << e.detail;
}

TEST(GraphErrors, UniquePointerCannotBeABackReference) {
  EXPECT_EQ(tracked_error<std::unique_ptr<Leaf>>({2}).code, ErrorCode::kBadReference);
}

TEST(GraphErrors, DeepPointerChainHitsTheDepthLimit) {
  Bytes body;
  for (int i = 0; i < 100; ++i) body.insert(body.end(), {1, 0, 0, 0, 0});  // new Node, value 0
  kiln::Error e = kiln::test::body_error<std::shared_ptr<Node>>(body);
  EXPECT_EQ(e.code, ErrorCode::kDepthExceeded) << e.message();
}

TEST(GraphErrors, ReferenceTableLimit) {
  Leaves in(10);
  for (auto& p : in) p = std::make_shared<Leaf>();
  Bytes bytes = Codec(kTrack).serialize(in).value();
  Options small = kTrack;
  small.limits.max_references = 4;
  Leaves out;
  kiln::Status s = Codec(small).deserialize_into(bytes, out);
  EXPECT_EQ(s.error().code, ErrorCode::kLengthTooLarge);
  EXPECT_NE(s.error().detail.find("more than 4 shared objects"), std::string::npos);
}

TEST(GraphErrors, AnnouncedObjectsCountTowardsTheReferenceLimit) {
  // A chain of weak_ptrs announcing objects no shared_ptr ever fills.
  std::vector<std::weak_ptr<Node>> in;
  std::vector<std::shared_ptr<Node>> keep;
  for (int i = 0; i < 10; ++i) {
    keep.push_back(std::make_shared<Node>());
    in.push_back(keep.back());
  }
  Bytes bytes = Codec(kTrack).serialize(in).value();
  EXPECT_EQ(Bytes(bytes.begin() + 7, bytes.end()), (Bytes{10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}))
      << hex(bytes);
  Options small = kTrack;
  small.limits.max_references = 4;
  std::vector<std::weak_ptr<Node>> out;
  kiln::Status s = Codec(small).deserialize_into(bytes, out);
  EXPECT_EQ(s.error().code, ErrorCode::kLengthTooLarge);
  EXPECT_EQ(s.error().offset, 13u);  // after the fifth announcing tag
}

TEST(GraphErrors, ForgedTypeNameIndex) {
  using Shapes = std::vector<std::shared_ptr<Shape>>;
  // type tag 4 = name #1, but no name #0 was defined yet
  Bytes m = kiln::test::message_for<Shapes>({1, 1, 4});
  kiln::Error e = kiln::test::decode_error<Shapes>(m);
  EXPECT_EQ(e.code, ErrorCode::kBadReference);
  EXPECT_EQ(e.offset, 9u);
  // A name longer than the input.
  m = kiln::test::message_for<Shapes>({1, 1, 2, 0x7f, 'a'});
  e = kiln::test::decode_error<Shapes>(m);
  EXPECT_EQ(e.code, ErrorCode::kTruncated) << e.message();
}

}  // namespace

namespace {

// --- shared strings -------------------------------------------------------------------------

TEST(SharedStrings, RepeatsAreWrittenOnce) {
  std::vector<std::string> in{"alpha", "beta", "alpha", "", "beta", ""};
  Codec codec({.share_strings = true});
  Bytes bytes = codec.serialize(in).value();
  EXPECT_EQ(bytes[2], kiln::detail::wire::kFlagShareStrings);
  // count 6; new "alpha" (5 << 1); new "beta"; #0; new ""; #1; #2
  Bytes expected{6, 10, 'a', 'l', 'p', 'h', 'a', 8, 'b', 'e', 't', 'a', 1, 0, 3, 5};
  EXPECT_EQ(Bytes(bytes.begin() + 7, bytes.end()), expected) << hex(bytes);
  EXPECT_TRUE(kiln::test::round_trips(in, {.share_strings = true}));
}

TEST(SharedStrings, MapKeysAndNestedStructsShareOneTable) {
  std::map<std::string, std::vector<std::string>> in{{"k", {"k", "v", "v"}}, {"v", {"k"}}};
  EXPECT_TRUE(kiln::test::round_trips(in, {.share_strings = true}));
  Bytes shared = Codec({.share_strings = true}).serialize(in).value();
  Bytes plain = Codec().serialize(in).value();
  EXPECT_LT(shared.size(), plain.size());
}

TEST(SharedStrings, TestClassSizeWithSharedStrings) {
  const TestClass in = TestClass::make();
  Codec codec({.compress_numbers = true, .track_references = true, .share_strings = true});
  TestClass out = round_trip(codec, in);
  EXPECT_TRUE(out == in);
  EXPECT_TRUE(out.shares_object());
  // JDK serialization writes this graph in 1,844 bytes (its strings are shared objects too).
  EXPECT_LT(codec.serialize(in).value().size(), 1844u / 2);
}

TEST(SharedStrings, ForgedStringReferences) {
  using Strings = std::vector<std::string>;
  Bytes m = kiln::test::message_for<Strings>({2, 2, 'a', 3});  // "a", then string #1
  m[2] = kiln::detail::wire::kFlagShareStrings;
  kiln::Error e = kiln::test::decode_error<Strings>(m);
  EXPECT_EQ(e.code, ErrorCode::kBadReference);
  EXPECT_EQ(e.offset, 10u);
  EXPECT_EQ(e.detail, "string #1 but only 1 strings so far");
  m = kiln::test::message_for<Strings>({1, 0xfe, 0xff, 0xff, 0xff, 0x0f});  // ~2 GB string
  m[2] = kiln::detail::wire::kFlagShareStrings;
  e = kiln::test::decode_error<Strings>(m);
  EXPECT_EQ(e.code, ErrorCode::kLengthTooLarge);
  EXPECT_EQ(e.offset, 8u);
  m = kiln::test::message_for<Strings>({1, 4, 0xff, 0xfe});  // invalid UTF-8
  m[2] = kiln::detail::wire::kFlagShareStrings;
  EXPECT_EQ(kiln::test::decode_error<Strings>(m).code, ErrorCode::kBadUtf8);
}

// Every repeat of a string is a copy in C++, so it is charged to the allocation budget: a short
// message of many one-byte repeats of a long string cannot make the decoder allocate gigabytes.
TEST(SharedStrings, RepeatsAreChargedToTheAllocationBudget) {
  using Strings = std::vector<std::string>;
  const std::size_t len = 1024, repeats = 50000;  // a 51 KB message that would copy 51 MB
  Bytes body;
  kiln::detail::io::Writer w(body);
  w.write_varint(repeats + 1);
  w.write_varint(len << 1);  // a new string of len bytes, string #0
  w.finish();
  body.resize(body.size() + len, 'x');
  body.resize(body.size() + repeats, 0x01);  // string #0 again, repeats times
  Bytes m = kiln::test::message_for<Strings>(body);
  m[2] = kiln::detail::wire::kFlagShareStrings;
  // The budget (64 x input bytes + 64 KiB, 3.3 MB) runs out at a repeat some thousands in (the
  // count is charged sizeof(std::string) per element: 32 bytes natively, 12 in wasm32).
  const std::size_t first = 7 + 3 + 2 + len;  // header, count, tag, bytes: the first repeat
  kiln::Error e = kiln::test::decode_error<Strings>(m);
  EXPECT_EQ(e.code, ErrorCode::kAllocationLimit) << e.message();
  EXPECT_GT(e.offset, first + 1000);
  EXPECT_LT(e.offset, first + repeats / 10);
  EXPECT_NE(e.detail.find("string 1 x 1024 bytes exceeds"), std::string::npos) << e.detail;
  // Honest messages that repeat long strings more than the default allows name their budget.
  Codec roomy({.limits = {.max_alloc_bytes = std::size_t{1} << 27}});
  Strings out;
  kiln::Status s = roomy.deserialize_into(m, out);
  ASSERT_TRUE(s.ok()) << s.error().message();
  EXPECT_EQ(out.size(), repeats + 1);
  EXPECT_EQ(out.back(), std::string(len, 'x'));
}

}  // namespace
