// write_into writes a value into [p, end) without a Writer, for serialize_view. With every room
// from none to more than enough it must either refuse (null) or write exactly the Writer's bytes
// and return their end; it must fit every room from some size on, and every room in which the
// Writer wrote the value without growing its buffer (serialize_view falls back to the Writer and
// then relies on that); and it must never touch a byte past end, fitting or not (a guard zone
// after the room must keep its pattern).
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "kiln/kiln.hpp"
#include "mixed_value.hpp"
#include "test_util.hpp"
#include "workloads.hpp"

namespace {

using kiln::test::Bytes;

constexpr std::size_t kGuard = 64;
constexpr std::uint8_t kPattern = 0xa5;

template <class M, class T>
void expect_every_room(const T& value) {
  Bytes want;
  {
    kiln::detail::io::Writer w(want);
    kiln::Serializer<T>::template write<M>(w, value);
    w.finish();
  }
  // A bounded part is checked for its largest size, so the room needed can be several times
  // the bytes written (a compressed int64 of 1 byte reserves 10).
  const std::size_t most = 10 * want.size() + 64;
  std::size_t first_fit = 0;
  bool fitted = false;
  for (std::size_t room = 0; room <= most; ++room) {
    Bytes buf(room + kGuard, kPattern);
    std::uint8_t* const begin = buf.data();
    std::uint8_t* const end = kiln::detail::write_into<M>(begin, begin + room, value);
    for (std::size_t i = room; i < buf.size(); ++i)
      ASSERT_EQ(buf[i], kPattern) << "byte " << i - room << " past a room of " << room
                                  << " written";
    Bytes writer_buf(room);
    kiln::detail::io::Writer w(writer_buf, 0);
    kiln::Serializer<T>::template write<M>(w, value);
    const bool writer_fitted = writer_buf.size() == room;
    if (end == nullptr) {
      ASSERT_FALSE(fitted) << "refused a room of " << room << " after fitting in " << first_fit;
      ASSERT_FALSE(writer_fitted) << "refused a room of " << room << " that the Writer fitted";
      continue;
    }
    if (!fitted) first_fit = room;
    fitted = true;
    ASSERT_EQ(static_cast<std::size_t>(end - begin), want.size()) << "room " << room;
    ASSERT_EQ(Bytes(begin, end), want) << "room " << room;
  }
  EXPECT_TRUE(fitted) << "fitted in no room up to " << most << " bytes";
  EXPECT_GE(first_fit, want.size());
}

template <class T>
void expect_every_room_in_both_modes(const T& value) {
  expect_every_room<kiln::FixedMode>(value);
  expect_every_room<kiln::CompressedMode>(value);
}

TEST(WriteInto, WorkloadsInEveryRoom) {
  expect_every_room_in_both_modes(kiln::workloads::make_record());
  expect_every_room_in_both_modes(kiln::workloads::make_foo());
  expect_every_room_in_both_modes(kiln::workloads::make_struct());
}

TEST(WriteInto, EveryUnboundedPartKindInEveryRoom) {
  expect_every_room_in_both_modes(kiln::test::make_mixed());
  expect_every_room_in_both_modes(kiln::test::Mixed{});
}

TEST(WriteInto, StringsAndContainersAtTheirSizeBoundaries) {
  // Lengths around the varint's one-to-two-byte step and copy_bytes' word sizes.
  for (std::size_t n : {0, 1, 3, 4, 7, 8, 15, 16, 17, 32, 33, 127, 128, 200})
    expect_every_room_in_both_modes(std::string(n, 'q'));
  expect_every_room_in_both_modes(std::vector<std::int64_t>(130, -1));
  expect_every_room_in_both_modes(std::vector<std::uint8_t>(129, 7));
  expect_every_room_in_both_modes(std::map<std::string, std::vector<std::string>>{
      {"a", {"b", "c"}}, {"d", {}}, {std::string(20, 'e'), {std::string(20, 'f')}}});
}

}  // namespace
