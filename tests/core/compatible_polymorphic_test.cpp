// Compatible mode with polymorphic pointers (docs/FORMAT.md 10.3, 10.5, 10.6): a pointer to a
// polymorphic base is described as `1C` and the base's index; a non-zero type tag is followed by
// the object's type index, which extends the table at the first object of each derived type. A
// reader binds that struct to the type its registry names; a reader without the field skips the
// object by the table. tests/js/compatible_polymorphic.test.mjs holds the JS walker to the rules.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "golden_features.hpp"
#include "test_util.hpp"

namespace polymorphic_v2 {
using kiln::workloads::features::Circle;
using kiln::workloads::features::Shape;
using kiln::workloads::features::Square;

// Drawing's versions.
struct DrawingNoSelected {  // skips the weak_ptr that announces the red square
  static constexpr std::string_view kiln_name = "Drawing";
  std::vector<std::shared_ptr<Shape>> shapes;
  std::unique_ptr<Shape> background;
};
struct DrawingBackground {  // skips every shape: Circle's entry comes in a skipped object
  static constexpr std::string_view kiln_name = "Drawing";
  std::unique_ptr<Shape> background;
};
struct DrawingNothing {
  static constexpr std::string_view kiln_name = "Drawing";
};
struct DrawingSelected {  // reads the announcement; the skipped vector fills the square
  static constexpr std::string_view kiln_name = "Drawing";
  std::weak_ptr<Shape> selected;
};
struct PlainShape {  // no virtual member: its pointers are not polymorphic
  static constexpr std::string_view kiln_name = "Shape";
  std::int32_t id = 0;
};
struct DrawingPlain {  // shapes became plain structs: not a compatible change
  static constexpr std::string_view kiln_name = "Drawing";
  std::vector<std::shared_ptr<PlainShape>> shapes;
};

// A newer Circle with one more field, and one whose radius became a string.
class CircleV2 : public Shape {
 public:
  static constexpr std::string_view kiln_name = "Circle";
  double radius = 0;
  std::string color = "unset";
  KILN_FIELDS_WITH_BASES(CircleV2, (Shape), radius, color)
};
class CircleText : public Shape {
 public:
  static constexpr std::string_view kiln_name = "Circle";
  std::string radius;
  KILN_FIELDS_WITH_BASES(CircleText, (Shape), radius)
};

// Two unique_ptrs, without reference tracking.
struct Pen {
  std::unique_ptr<Shape> tip;
  std::unique_ptr<Shape> cap;
};
}  // namespace polymorphic_v2

namespace {

using kiln::Codec;
using kiln::ErrorCode;
using kiln::test::Bytes;
using kiln::test::hex;
using kiln::workloads::features::Circle;
using kiln::workloads::features::Drawing;
using kiln::workloads::features::make_drawing;
using kiln::workloads::features::Shape;
using kiln::workloads::features::shape_types;
using kiln::workloads::features::Square;
using namespace polymorphic_v2;

const kiln::Options kTracked{
    .compress_numbers = true, .track_references = true, .compatible = true};
const kiln::Options kBare{.compress_numbers = true, .compatible = true, .header = false};

Bytes drawing_message(kiln::Options o = kTracked) {
  auto m = Codec(o, shape_types()).serialize(make_drawing());
  EXPECT_TRUE(m.ok()) << m.error().message();
  return m.ok() ? *m : Bytes{};
}

template <class T>
kiln::Result<T> read_as(const Bytes& m, std::shared_ptr<const kiln::TypeRegistry> types) {
  return Codec({}, std::move(types)).deserialize<T>(m);
}

TEST(CompatiblePolymorphic, TheBaseIsDescribedAsAPolymorphicStruct) {
  using Schema = kiln::detail::evolve::Schema<Drawing>;
  static_assert(Schema::ok && Schema::poly);
  static_assert(!kiln::detail::evolve::Schema<kiln::workloads::features::Graph>::poly);
  // Drawing is struct 0, Shape 1: selected is wptr<poly<Shape>>, shapes seq<sptr<poly<Shape>>>.
  const auto& t = Schema::bytes;
  const Bytes bytes(t.begin(), t.end());
  const Bytes selected = {0x08, 's', 'e', 'l', 'e', 'c', 't', 'e', 'd', 0x00, 0x1b, 0x1c, 0x01};
  EXPECT_NE(std::search(bytes.begin(), bytes.end(), selected.begin(), selected.end()), bytes.end())
      << hex(bytes, 200);
  EXPECT_EQ(bytes.front(), 2) << "two structs before the body";
}

TEST(CompatiblePolymorphic, RoundTripsInBothNumberModes) {
  for (bool compress : {false, true}) {
    kiln::Options o = kTracked;
    o.compress_numbers = compress;
    Bytes m = drawing_message(o);
    auto back = read_as<Drawing>(m, shape_types());
    ASSERT_TRUE(back.ok()) << back.error().message();
    EXPECT_TRUE(*back == make_drawing());
    // The same version re-encodes to the same bytes.
    EXPECT_EQ(Codec(o, shape_types()).serialize(*back).value(), m);
  }
}

TEST(CompatiblePolymorphic, EachDerivedTypeExtendsTheTableOnce) {
  auto json = kiln::inspect(drawing_message());
  ASSERT_TRUE(json.ok()) << json.error().message();
  auto count = [&](const std::string& s) {
    std::size_t n = 0;
    for (std::size_t at = json->find(s); at != std::string::npos; at = json->find(s, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count(R"("types":[{"name":"Circle")"), 1u) << *json;
  EXPECT_EQ(count(R"("types":[{"name":"Square")"), 1u) << *json;
  EXPECT_EQ(count(R"("type":"geo.Square")"), 2u) << *json;  // the announcement and the blue one
  EXPECT_EQ(count(R"("type":1)"), 2u) << *json;             // two circles
  EXPECT_EQ(count(R"("type":null)"), 1u) << *json;          // the Shape itself
}

// Without tracking: the exact bytes of two unique_ptrs to circles and the inspector's text.
TEST(CompatiblePolymorphic, ExactBytesOfAnExtensionAndAReference) {
  Pen pen;
  pen.tip = std::make_unique<Circle>(7, 1.0);
  pen.cap = std::make_unique<Circle>(8, 2.0);
  auto m = Codec(kBare, shape_types()).serialize(pen);
  ASSERT_TRUE(m.ok()) << m.error().message();
  // clang-format off
  Bytes expected = {
      0x02,                                                        // table: Pen 0, Shape 1
      0x03, 'P', 'e', 'n', 0x02,
      0x03, 't', 'i', 'p', 0x00, 0x19, 0x1c, 0x01,                 // uptr<poly<Shape>>
      0x03, 'c', 'a', 'p', 0x00, 0x19, 0x1c, 0x01,
      0x05, 'S', 'h', 'a', 'p', 'e', 0x01, 0x02, 'i', 'd', 0x00, 0x04,
      0x17, 0x00,                                                  // root: Pen
      0x01, 0x03,                                                  // tip: new object, id 1
      0x02, 0x01,                                                  // index 2 = the count: 1 entry
      0x06, 'C', 'i', 'r', 'c', 'l', 'e', 0x02,
      0x06, '^', 'S', 'h', 'a', 'p', 'e', 0x00, 0x17, 0x01,        // its base, struct 1
      0x06, 'r', 'a', 'd', 'i', 'u', 's', 0x00, 0x0b,
      0x0e, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f,                          // id 7 (zigzag 14), 1.0
      0x01, 0x03, 0x02,                                            // cap: Circle again, index 2
      0x10, 0, 0, 0, 0, 0, 0, 0, 0x40};                            // id 8, 2.0
  // clang-format on
  EXPECT_EQ(hex(*m, 200), hex(expected, 200));
  auto back = Codec(kBare, shape_types()).deserialize<Pen>(*m);
  ASSERT_TRUE(back.ok()) << back.error().message();
  auto* tip = dynamic_cast<Circle*>(back->tip.get());
  auto* cap = dynamic_cast<Circle*>(back->cap.get());
  ASSERT_TRUE(tip && cap);
  EXPECT_EQ(tip->id, 7);
  EXPECT_EQ(tip->radius, 1.0);
  EXPECT_EQ(cap->id, 8);
  EXPECT_EQ(cap->radius, 2.0);

  auto with_header =
      Codec({.compress_numbers = true, .compatible = true}, shape_types()).serialize(pen);
  auto json = kiln::inspect(with_header.value());
  ASSERT_TRUE(json.ok()) << json.error().message();
  EXPECT_NE(
      json->find(R"("root":"Pen","value":{"tip":{"type":1,"types":[{"name":"Circle","fields":[)"
                 R"({"name":"^Shape","id":)"),
      std::string::npos)
      << *json;
  EXPECT_NE(json->find(R"(],"value":{"^Shape":{"id":7},"radius":1}},"cap":{"type":1,"value":)"
                       R"({"^Shape":{"id":8},"radius":2}}}})"),
            std::string::npos)
      << *json;
  EXPECT_NE(json->find(R"({"name":"tip","id":)"), std::string::npos) << *json;
  EXPECT_NE(json->find(R"("type":"uptr<poly<Shape>>")"), std::string::npos) << *json;
}

TEST(CompatiblePolymorphic, AReaderWithoutTheWeakPointerMakesTheSquareWhereItIsOwned) {
  auto back = read_as<DrawingNoSelected>(drawing_message(), shape_types());
  ASSERT_TRUE(back.ok()) << back.error().message();
  Drawing want = make_drawing();
  ASSERT_EQ(back->shapes.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i)
    EXPECT_TRUE(kiln::workloads::features::same_shape(back->shapes[i].get(), want.shapes[i].get()))
        << i;
  EXPECT_EQ(back->shapes[2], back->shapes[4]);
  EXPECT_TRUE(kiln::workloads::features::same_shape(back->background.get(), want.background.get()));
}

TEST(CompatiblePolymorphic, AReaderSkippingEveryShapeBindsTheTypesTheSkippedOnesAdded) {
  auto back = read_as<DrawingBackground>(drawing_message(), shape_types());
  ASSERT_TRUE(back.ok()) << back.error().message();
  auto* c = dynamic_cast<Circle*>(back->background.get());
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->id, 5);
  EXPECT_EQ(c->radius, 0.5);
  // And a reader with no pointers at all skips everything, extensions and names included.
  EXPECT_TRUE(read_as<DrawingNothing>(drawing_message(), shape_types()).ok());
}

TEST(CompatiblePolymorphic, AnAnnouncedObjectFilledInASkippedValueIsExpired) {
  auto back = read_as<DrawingSelected>(drawing_message(), shape_types());
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_TRUE(back->selected.expired());  // only the skipped vector owned it
}

TEST(CompatiblePolymorphic, ANewerDerivedTypeGetsItsNewFieldsDefault) {
  auto types = std::make_shared<kiln::TypeRegistry>();
  ASSERT_TRUE((types->add<CircleV2, Shape>(1)).ok());
  ASSERT_TRUE((types->add_named<Square, Shape>("geo.Square")).ok());
  auto back = read_as<DrawingBackground>(drawing_message(), types);
  ASSERT_TRUE(back.ok()) << back.error().message();
  auto* c = dynamic_cast<CircleV2*>(back->background.get());
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->radius, 0.5);
  EXPECT_EQ(c->color, "");  // value-initialized, as every field the message lacks
  // And its messages are read by the older Circle, which skips the color.
  Pen pen;
  auto v2 = std::make_unique<CircleV2>();
  v2->id = 9;
  v2->radius = 3;
  v2->color = "red";
  pen.tip = std::move(v2);
  auto m = Codec(kTracked, types).serialize(pen).value();
  auto old = read_as<Pen>(m, shape_types());
  ASSERT_TRUE(old.ok()) << old.error().message();
  auto* tip = dynamic_cast<Circle*>(old->tip.get());
  ASSERT_NE(tip, nullptr);
  EXPECT_EQ(tip->id, 9);
  EXPECT_EQ(tip->radius, 3);
}

TEST(CompatiblePolymorphic, AChangedFieldTypeIsAMismatchInTheExtension) {
  auto types = std::make_shared<kiln::TypeRegistry>();
  ASSERT_TRUE((types->add<CircleText, Shape>(1)).ok());
  ASSERT_TRUE((types->add_named<Square, Shape>("geo.Square")).ok());
  auto back = read_as<DrawingBackground>(drawing_message(), types);
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.error().code, ErrorCode::kSchemaMismatch) << back.error().message();
  EXPECT_NE(back.error().message().find("field 'radius' of Circle has type f64 in the message"),
            std::string::npos)
      << back.error().message();
  // At the radius field's descriptor, inside the body's extension.
  const Bytes m = drawing_message();
  EXPECT_EQ(m[back.error().offset], 0x0b) << back.error().message();
}

TEST(CompatiblePolymorphic, AnUnregisteredTypeIsUnknownAtItsTag) {
  auto types = std::make_shared<kiln::TypeRegistry>();
  ASSERT_TRUE((types->add_named<Square, Shape>("geo.Square")).ok());
  auto back = read_as<DrawingNoSelected>(drawing_message(), types);
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.error().code, ErrorCode::kUnknownType) << back.error().message();
  EXPECT_EQ(drawing_message()[back.error().offset], 0x03) << "Circle's type tag";
}

TEST(CompatiblePolymorphic, APlainPointerDoesNotMatchAPolymorphicOne) {
  auto back = read_as<DrawingPlain>(drawing_message(), shape_types());
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.error().code, ErrorCode::kSchemaMismatch) << back.error().message();
  EXPECT_NE(
      back.error().message().find(
          "has type seq<sptr<poly<Shape>>> in the message but seq<sptr<Shape>> in the reader"),
      std::string::npos)
      << back.error().message();
}

TEST(CompatiblePolymorphic, TheInspectorPrintsOnlyTextNamesAndChargesEachPrint) {
  Bytes m = drawing_message();
  const std::string name = "geo.Square";
  const auto at = static_cast<std::size_t>(
      std::search(m.begin(), m.end(), name.begin(), name.end()) - m.begin());
  Bytes latin1 = m;
  latin1[at] = 0xe9;
  // A reader only looks the name up in its registry (which has no such name).
  auto read = read_as<Drawing>(latin1, shape_types());
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().code, ErrorCode::kUnknownType) << read.error().message();
  auto json = kiln::inspect(latin1);
  ASSERT_FALSE(json.ok());
  EXPECT_EQ(json.error().code, ErrorCode::kBadUtf8) << json.error().message();
  EXPECT_EQ(json.error().offset, at);
  // The name is charged where its tag is, at each print: find the budget that just prints the
  // table and the drawing's field names, then the name is what runs over.
  std::size_t lo = 0;
  while (!kiln::inspect(m, kiln::Limits{.max_alloc_bytes = lo + 1}).ok() &&
         kiln::inspect(m, kiln::Limits{.max_alloc_bytes = lo + 1}).error().offset < at - 2)
    ++lo;
  auto over = kiln::inspect(m, kiln::Limits{.max_alloc_bytes = lo + 1});
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error().code, ErrorCode::kAllocationLimit);
  EXPECT_EQ(over.error().offset, at - 2) << "the name's type tag";
}

TEST(CompatiblePolymorphic, EveryTruncationIsTruncated) {
  const Bytes m = drawing_message();
  for (std::size_t n = 0; n < m.size(); ++n) {
    std::span<const std::uint8_t> cut(m.data(), n);
    for (int reader = 0; reader < 3; ++reader) {
      kiln::Status s;
      Codec codec({}, shape_types());
      if (reader == 0) {
        Drawing out;
        s = codec.deserialize_into(cut, out);
      } else if (reader == 1) {
        DrawingNoSelected out;
        s = codec.deserialize_into(cut, out);
      } else {
        DrawingBackground out;
        s = codec.deserialize_into(cut, out);
      }
      ASSERT_FALSE(s.ok()) << n;
      EXPECT_EQ(s.error().code, ErrorCode::kTruncated)
          << reader << " at " << n << ": " << s.error().message();
    }
    auto json = kiln::inspect(cut);
    ASSERT_FALSE(json.ok()) << n;
    EXPECT_EQ(json.error().code, ErrorCode::kTruncated) << n << ": " << json.error().message();
  }
}

// Forged bodies after Pen's table: the index and the extension are checked where they are read.
class ForgedIndex : public ::testing::Test {
 protected:
  static Bytes table() {
    Pen pen;
    Bytes m = Codec(kBare, shape_types()).serialize(pen).value();
    m.resize(m.size() - 2);  // the two null pointers
    return m;
  }
  static kiln::Error verdict(const Bytes& body, bool inspect_too = true) {
    Bytes m = table();
    const std::size_t at = m.size();
    m.insert(m.end(), body.begin(), body.end());
    auto r = Codec(kBare, shape_types()).deserialize<Pen>(m);
    EXPECT_FALSE(r.ok());
    kiln::Error e = r.ok() ? kiln::Error{} : r.error();
    e.offset -= at;  // relative to the body
    if (inspect_too) {
      // The inspector reads whole messages: the same verdict, after the 7-byte header.
      Bytes whole = {0x4b, 0x01, 0x05, 0, 0, 0, 0};
      whole.insert(whole.end(), m.begin(), m.end());
      auto j = kiln::inspect(whole);
      EXPECT_FALSE(j.ok());
      if (!j.ok()) {
        EXPECT_EQ(j.error().code, e.code) << j.error().message();
        EXPECT_EQ(j.error().offset, e.offset + at + 7) << j.error().message();
      }
    }
    return e;
  }
};

TEST_F(ForgedIndex, AnIndexBeyondTheCountIsAnInvalidTable) {
  kiln::Error e = verdict({0x01, 0x03, 0x03});
  EXPECT_EQ(e.code, ErrorCode::kBadTypeTable) << e.message();
  EXPECT_EQ(e.offset, 2u);
}

TEST_F(ForgedIndex, AnEmptyExtensionIsAnInvalidTable) {
  kiln::Error e = verdict({0x01, 0x03, 0x02, 0x00, 0x00, 0x00});
  EXPECT_EQ(e.code, ErrorCode::kBadTypeTable) << e.message();
  EXPECT_EQ(e.offset, 3u);
}

TEST_F(ForgedIndex, AnExtensionCountBeyondTheBytesLeftIsTruncated) {
  kiln::Error e = verdict({0x01, 0x03, 0x02, 0x05, 0x01, 'C', 0x00});
  EXPECT_EQ(e.code, ErrorCode::kTruncated) << e.message();
  EXPECT_EQ(e.offset, 3u);
}

TEST_F(ForgedIndex, AnExtensionStructIndexMustBeInTheGrownTable) {
  // One entry (index 2) whose field refers to struct 3.
  kiln::Error e =
      verdict({0x01, 0x03, 0x02, 0x01, 0x01, 'C', 0x01, 0x01, 'x', 0x00, 0x17, 0x03, 0x00, 0x00});
  EXPECT_EQ(e.code, ErrorCode::kBadTypeTable) << e.message();
  EXPECT_EQ(e.offset, 10u);
}

TEST_F(ForgedIndex, APolymorphicStructOutsideAPointerIsAnInvalidTable) {
  kiln::Error e =
      verdict({0x01, 0x03, 0x02, 0x01, 0x01, 'C', 0x01, 0x01, 'x', 0x00, 0x1c, 0x01, 0x00, 0x00});
  EXPECT_EQ(e.code, ErrorCode::kBadTypeTable) << e.message();
  EXPECT_EQ(e.offset, 10u);
}

TEST_F(ForgedIndex, ANameNumberBeyondTheNextIsAnInvalidReference) {
  kiln::Error e = verdict({0x01, 0x04, 0x00, 0x00});  // name #1 before any name
  EXPECT_EQ(e.code, ErrorCode::kBadReference) << e.message();
  EXPECT_EQ(e.offset, 1u);
}

TEST_F(ForgedIndex, AnExistingStructThatDoesNotFitIsAMismatch) {
  // Circle (id 1) said to be struct 0, Pen: its fields tip and cap are not Circle's.
  Bytes m = table();
  const std::size_t at = m.size();
  m.insert(m.end(), {0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00});
  auto r = Codec(kBare, shape_types()).deserialize<Pen>(m);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ErrorCode::kSchemaMismatch) << r.error().message();
  EXPECT_EQ(r.error().offset, at + 2) << r.error().message();  // at the index
}

}  // namespace
