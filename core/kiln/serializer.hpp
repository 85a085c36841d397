// The full Serializer protocol, for experts. Most types need none of it: aggregates are reflected,
// classes list their fields with KILN_FIELDS (kiln/fields.hpp), and any other type of your own
// maps to one Kiln serializes through kiln::Adapter (kiln/adapter.hpp), which compatible mode and
// the JS generator also understand.
//
// Every supported type T has a Serializer<T>, picked at compile time:
//
//   static constexpr std::size_t min_bytes;              smallest encoding in any mode
//   static constexpr std::size_t storage;                optional: what decoding one T is
//                                                         charged to the allocation budget
//                                                         (docs/FORMAT.md 6.5); sizeof(T) if
//                                                         absent
//   template <class M> static constexpr std::size_t max_bytes;  largest in mode M, or kUnbounded
//   template <class M> static constexpr bool exact;      every value takes max_bytes<M> bytes and
//                                                         every byte pattern is a valid value
//   static constexpr void fingerprint(Hasher&);          feeds the wire shape into the schema hash
//   template <class M> static void write(Writer&, const T&);
//   template <class M> static void write_raw(std::uint8_t*&, const T&);  if max_bytes<M> is
//   bounded;
//                                                         the caller has ensured room
//   template <class M> static void read_raw(const std::uint8_t*&, T&);   if exact<M>; the caller
//                                                         has checked max_bytes<M> remain
//   template <class M> static bool read(Reader&, T&);
//   template <class M> static bool read_checked(const std::uint8_t*& p, const std::uint8_t* end,
//                                               T&);  optional: reads from [p, end) without a
//                                                      Reader; false wherever read() would fail
//   static constexpr std::uint32_t checked_depth;        with read_checked: the structs nested
//                                                         in T, for the depth limit
//   template <class M> static std::uint8_t* write_checked(std::uint8_t* p, std::uint8_t* end,
//                                                         const T&);  optional, if max_bytes<M>
//                                                         is unbounded: writes at p without a
//                                                         Writer and returns the end of what it
//                                                         wrote, or null if [p, end) is too short;
//                                                         it must ask for no more room at any
//                                                         point than write() ensures there
//
// M is a Mode: wire options fixed at compile time, so the hot path never tests a runtime flag.
// To support a type of your own this way, specialize kiln::Serializer<YourType> with the same
// members; kiln::SerializerFor<S, T> checks them, and the codec checks it for you:
//   static_assert(kiln::SerializerFor<kiln::Serializer<Money>, Money>);
// A hand-written serializer has no compatible-mode description (Options::compatible refuses its
// type) and no JS codec.
#pragma once

#include "kiln/detail/ser/protocol.hpp"
#include "kiln/detail/ser/reader.hpp"
#include "kiln/detail/ser/serializer.hpp"

namespace kiln {

// The protocol's vocabulary: the output buffer a write() appends to, the decode state a read()
// takes bytes from, and the hasher a fingerprint() feeds.
using Writer = detail::io::Writer;
using Reader = detail::Reader;
using Hasher = detail::Hasher;

}  // namespace kiln
