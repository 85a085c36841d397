// Tags of the generic-value encoding (docs/FORMAT.md section 9). js/runtime/value_tags.mjs spells
// the same numbers for the JavaScript encoder and decoder.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kiln::detail::value_tags {

inline constexpr std::uint8_t kNull = 0x00;
inline constexpr std::uint8_t kUndefined = 0x01;
inline constexpr std::uint8_t kFalse = 0x02;
inline constexpr std::uint8_t kTrue = 0x03;
inline constexpr std::uint8_t kInt = 0x04;     // zigzag varint, int64
inline constexpr std::uint8_t kFloat = 0x05;   // float64 LE
inline constexpr std::uint8_t kBigInt = 0x06;  // varint (bytes << 1 | negative), magnitude LE
inline constexpr std::uint8_t kString = 0x07;  // varint byte length, UTF-8
inline constexpr std::uint8_t kDate = 0x08;    // float64 ms since the epoch
inline constexpr std::uint8_t kHole = 0x09;    // a missing array element
inline constexpr std::uint8_t kArray = 0x0a;
inline constexpr std::uint8_t kObject = 0x0b;
inline constexpr std::uint8_t kMap = 0x0c;
inline constexpr std::uint8_t kSet = 0x0d;
inline constexpr std::uint8_t kTypedArray = 0x0e;   // element kind u8, varint byte length, bytes
inline constexpr std::uint8_t kArrayBuffer = 0x0f;  // varint byte length, bytes
inline constexpr std::uint8_t kReference = 0x10;    // varint id of a container met before
inline constexpr std::uint8_t kShortString = 0x40;  // 0x40 | length, length < 64
inline constexpr std::uint8_t kSmallInt = 0x80;     // 0x80 | value, 0 <= value < 128

}  // namespace kiln::detail::value_tags
