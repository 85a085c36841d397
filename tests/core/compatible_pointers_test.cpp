// Compatible mode with pointer fields (docs/FORMAT.md 10.3, 10.5, 10.6): unique_ptr, shared_ptr
// and weak_ptr are described as 19, 1A, 1B and their pointee; a reader numbers the objects of the
// pointers it skips as it numbers read ones, refuses a reference to an object whose fields it
// skipped, and makes an object that only a skipped weak_ptr announced at the first pointer it
// reads to it. tests/js/compatible_pointers.test.mjs holds the JS codecs to the same rules.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "golden_features.hpp"
#include "test_util.hpp"

namespace pointers_v2 {
using kiln::workloads::features::Note;

// Graph's versions: without a field each, and with one more.
struct NodeNoParent {
  static constexpr std::string_view kiln_name = "GraphNode";
  std::string name;
  std::unique_ptr<Note> note;
  std::vector<std::shared_ptr<NodeNoParent>> children;
};
struct GraphNoParent {
  static constexpr std::string_view kiln_name = "Graph";
  std::weak_ptr<NodeNoParent> focus;
  std::shared_ptr<NodeNoParent> root;
};
struct NodeNoNote {
  static constexpr std::string_view kiln_name = "GraphNode";
  std::string name;
  std::vector<std::shared_ptr<NodeNoNote>> children;
  std::weak_ptr<NodeNoNote> parent;
};
struct GraphNoNote {
  static constexpr std::string_view kiln_name = "Graph";
  std::weak_ptr<NodeNoNote> focus;
  std::shared_ptr<NodeNoNote> root;
};
using kiln::workloads::features::GraphNode;
struct GraphNoFocus {  // the weak_ptr that announces b is skipped: b is made where it is owned
  static constexpr std::string_view kiln_name = "Graph";
  std::shared_ptr<GraphNode> root;
};
struct GraphExtra {  // one pointer field more, which the message lacks: null
  static constexpr std::string_view kiln_name = "Graph";
  std::weak_ptr<GraphNode> focus;
  std::shared_ptr<GraphNode> root;
  std::shared_ptr<GraphNode> extra = std::make_shared<GraphNode>();
};
struct GraphFirst {  // a newer writer holds the root in a new field before the old ones
  static constexpr std::string_view kiln_name = "Graph";
  std::shared_ptr<GraphNode> first;
  std::weak_ptr<GraphNode> focus;
  std::shared_ptr<GraphNode> root;
};
struct OnlyFirst {
  std::shared_ptr<GraphNode> first;
};

// Two pointers to one note, and a type without pointers reading them.
struct Doc {
  std::string title;
  std::weak_ptr<Note> seen;  // meets the note first: announces it
  std::shared_ptr<Note> owner;
  std::shared_ptr<Note> again;
};
struct DocTitle {  // no pointers at all: skips every one
  static constexpr std::string_view kiln_name = "Doc";
  std::string title;
};
struct DocOwner {  // makes the note the skipped weak_ptr announced, and fills it
  static constexpr std::string_view kiln_name = "Doc";
  std::string title;
  std::shared_ptr<Note> owner;
};
struct DocSeen {  // its weak_ptr's object is filled by a skipped shared_ptr: expired, empty
  static constexpr std::string_view kiln_name = "Doc";
  std::string title;
  std::weak_ptr<Note> seen;
};
struct DocAgain {  // refers to the note the skipped `owner` filled: refused
  static constexpr std::string_view kiln_name = "Doc";
  std::string title;
  std::shared_ptr<Note> again;
};
struct DocUnique {  // `owner` became a unique_ptr: not a compatible change
  static constexpr std::string_view kiln_name = "Doc";
  std::string title;
  std::unique_ptr<Note> owner;
};
}  // namespace pointers_v2

namespace {

using kiln::Codec;
using kiln::ErrorCode;
using kiln::test::Bytes;
using kiln::workloads::features::Graph;
using kiln::workloads::features::make_graph;
using kiln::workloads::features::Note;
using namespace pointers_v2;

const kiln::Options kTracked{.track_references = true, .compatible = true};

Doc make_doc() {
  auto note = std::make_shared<Note>(Note{"hello"});
  return Doc{"t", note, note, note};
}

TEST(CompatiblePointers, TheDescriptorsArePointersToTheirPointee) {
  static_assert(kiln::detail::evolve::Schema<Graph>::ok);
  // Graph is struct 0, GraphNode 1 (met through focus), Note 2 (met in GraphNode's entry).
  const auto& t = kiln::detail::evolve::Schema<Graph>::bytes;
  // clang-format off
  Bytes expected = {0x03, 0x05, 'G', 'r', 'a', 'p', 'h', 0x02,                      // Graph
                    0x05, 'f', 'o', 'c', 'u', 's', 0x00, 0x1b, 0x17, 0x01,         // wptr<GraphNode>
                    0x04, 'r', 'o', 'o', 't', 0x00, 0x1a, 0x17, 0x01,              // sptr<GraphNode>
                    0x09, 'G', 'r', 'a', 'p', 'h', 'N', 'o', 'd', 'e', 0x04,       // GraphNode
                    0x04, 'n', 'a', 'm', 'e', 0x00, 0x0f,                          // str
                    0x04, 'n', 'o', 't', 'e', 0x00, 0x19, 0x17, 0x02,              // uptr<Note>
                    0x08, 'c', 'h', 'i', 'l', 'd', 'r', 'e', 'n', 0x00, 0x10, 0x1a, 0x17, 0x01,
                    0x06, 'p', 'a', 'r', 'e', 'n', 't', 0x00, 0x1b, 0x17, 0x01,    // wptr<GraphNode>
                    0x04, 'N', 'o', 't', 'e', 0x01, 0x04, 't', 'e', 'x', 't', 0x00, 0x0f,  // Note
                    0x17, 0x00};                                                   // root
  // clang-format on
  EXPECT_EQ(Bytes(t.begin(), t.end()), expected);
}

TEST(CompatiblePointers, TheGraphRoundTripsInEveryNumberMode) {
  for (bool compress : {false, true}) {
    Codec codec({.compress_numbers = compress, .track_references = true, .compatible = true});
    Bytes m = codec.serialize(make_graph()).value();
    auto back = codec.deserialize<Graph>(m);
    ASSERT_TRUE(back.ok()) << back.error().message();
    EXPECT_EQ(*back, make_graph());
    // One object held twice is read back as one object.
    EXPECT_EQ(back->root->children[0], back->root->children[2]);
    EXPECT_EQ(back->focus.lock(), back->root->children[1]);
  }
}

TEST(CompatiblePointers, WithoutTrackingEveryPointerWritesItsObject) {
  Doc d{"t", {}, std::make_shared<Note>(Note{"a"}), std::make_shared<Note>(Note{"b"})};
  Codec codec({.compatible = true});
  auto back = codec.deserialize<Doc>(codec.serialize(d).value());
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->owner->text, "a");
  EXPECT_EQ(back->again->text, "b");
  // A reader without the pointers skips them.
  auto title = codec.deserialize<DocTitle>(codec.serialize(d).value());
  ASSERT_TRUE(title.ok()) << title.error().message();
  EXPECT_EQ(title->title, "t");
}

TEST(CompatiblePointers, AnOlderReaderSkipsPointerFields) {
  Bytes m = Codec(kTracked).serialize(make_graph()).value();
  {  // parent: weak back-references to the root, skipped
    auto g = Codec().deserialize<GraphNoParent>(m);
    ASSERT_TRUE(g.ok()) << g.error().message();
    ASSERT_EQ(g->root->children.size(), 3u);
    EXPECT_EQ(g->root->children[0], g->root->children[2]);
    EXPECT_EQ(g->focus.lock(), g->root->children[1]);
    EXPECT_EQ(g->root->children[1]->note->text, "second");
  }
  {  // note: unique_ptrs, never numbered
    auto g = Codec().deserialize<GraphNoNote>(m);
    ASSERT_TRUE(g.ok()) << g.error().message();
    EXPECT_EQ(g->root->children[1]->name, "b");
    EXPECT_EQ(g->root->children[0]->parent.lock(), g->root);
  }
  {  // focus: the announcement of b is skipped, and b is made where root's children own it
    auto g = Codec().deserialize<GraphNoFocus>(m);
    ASSERT_TRUE(g.ok()) << g.error().message();
    Graph expected = make_graph();
    EXPECT_EQ(g->root->children[1]->name, "b");
    EXPECT_EQ(g->root->children[1]->note->text, "second");
    EXPECT_EQ(g->root->children[1]->parent.lock(), g->root);
    EXPECT_EQ(g->root->name, expected.root->name);
  }
}

TEST(CompatiblePointers, APointerFieldTheMessageLacksBecomesNull) {
  Bytes m = Codec(kTracked).serialize(make_graph()).value();
  GraphExtra g;
  ASSERT_TRUE(Codec().deserialize_into(m, g).ok());
  EXPECT_EQ(g.extra, nullptr);
  EXPECT_EQ(g.root->children.size(), 3u);
}

TEST(CompatiblePointers, AReaderWithoutPointersNumbersTheObjectsItSkips) {
  Bytes m = Codec(kTracked).serialize(make_doc()).value();
  auto t = Codec().deserialize<DocTitle>(m);
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(t->title, "t");
}

TEST(CompatiblePointers, AnObjectOnlyASkippedWeakPtrAnnouncedIsMadeByItsFirstReadPointer) {
  Bytes m = Codec(kTracked).serialize(make_doc()).value();
  auto d = Codec().deserialize<DocOwner>(m);
  ASSERT_TRUE(d.ok()) << d.error().message();
  ASSERT_NE(d->owner, nullptr);
  EXPECT_EQ(d->owner->text, "hello");
}

TEST(CompatiblePointers, AnObjectFilledByASkippedSharedPtrKeepsItsDefaultsAndIsNotOwned) {
  Bytes m = Codec(kTracked).serialize(make_doc()).value();
  auto d = Codec().deserialize<DocSeen>(m);
  ASSERT_TRUE(d.ok()) << d.error().message();
  EXPECT_TRUE(d->seen.expired());  // nothing the reader read owns it
}

TEST(CompatiblePointers, AReferenceToAnObjectWhoseFieldsWereSkippedIsInvalid) {
  {  // Doc: `again` refers to the note whose fields the skipped `owner` holds.
    Bytes m = Codec(kTracked).serialize(make_doc()).value();
    // The last byte is `again`'s tag (object #0 again: 02).
    ASSERT_EQ(m.back(), 0x02);
    kiln::Error e = kiln::test::decode_error<DocAgain>(m);
    EXPECT_EQ(e.code, ErrorCode::kBadReference) << e.message();
    EXPECT_EQ(e.offset, m.size() - 1) << e.message();
  }
  {  // GraphFirst: focus refers to b, whose fields lie inside the skipped `first`.
    auto root = make_graph().root;
    GraphFirst v{root, root->children[1], root};
    Bytes m = Codec(kTracked).serialize(v).value();
    // `first` is encoded as OnlyFirst's whole body; focus's tag follows it.
    Bytes only = Codec(kTracked).serialize(OnlyFirst{root}).value();
    const std::size_t first_bytes = only.size() - 7 - kiln::detail::evolve::Schema<OnlyFirst>::size;
    const std::size_t focus_at = 7 + kiln::detail::evolve::Schema<GraphFirst>::size + first_bytes;
    kiln::Error e = kiln::test::decode_error<Graph>(m);
    EXPECT_EQ(e.code, ErrorCode::kBadReference) << e.message();
    EXPECT_EQ(e.offset, focus_at) << e.message();
    EXPECT_EQ(m[focus_at], 0x04) << "focus refers to object #2";
  }
}

TEST(CompatiblePointers, AUniquePtrThatBecameSharedIsASchemaMismatch) {
  Bytes m = Codec(kTracked).serialize(make_doc()).value();
  kiln::Error e = kiln::test::decode_error<DocUnique>(m);
  EXPECT_EQ(e.code, ErrorCode::kSchemaMismatch) << e.message();
  EXPECT_NE(e.detail.find("sptr<Note>"), std::string::npos) << e.message();
}

template <class T>
void expect_every_truncation_truncated(const T& value) {
  Bytes m = Codec(kTracked).serialize(value).value();
  for (std::size_t n = 0; n < m.size(); ++n) {
    T out;
    kiln::Status s = Codec().deserialize_into(std::span<const std::uint8_t>(m.data(), n), out);
    ASSERT_FALSE(s.ok()) << n;
    EXPECT_EQ(s.error().code, ErrorCode::kTruncated) << n << ": " << s.error().message();
  }
}

TEST(CompatiblePointers, EveryTruncationIsTruncated) {
  expect_every_truncation_truncated(make_graph());
  expect_every_truncation_truncated(make_doc());
}

TEST(CompatiblePointers, TheInspectorPrintsObjectsAndReferences) {
  auto json = kiln::inspect(Codec(kTracked).serialize(make_doc()).value());
  ASSERT_TRUE(json.ok()) << json.error().message();
  EXPECT_NE(json->find(R"("value":{"title":"t","seen":{"object":0},)"
                       R"("owner":{"object":0,"value":{"text":"hello"}},"again":{"object":0}})"),
            std::string::npos)
      << *json;
  EXPECT_NE(json->find(R"({"name":"seen","id":)"), std::string::npos) << *json;
  EXPECT_NE(json->find(R"("type":"wptr<Note>")"), std::string::npos) << *json;
}

}  // namespace
