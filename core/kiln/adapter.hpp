// kiln::Adapter<T>: one customisation point for a type Kiln cannot reflect. The adapter maps T
// to a wire type that Kiln serializes (a number, a string, a reflected struct, a tuple, a
// container of those, another adapted type) and back:
//
//   struct UserId {                                    // a strong typedef: not reflected
//     UserId() = default;
//     explicit UserId(std::uint64_t v) : value(v) {}
//     std::uint64_t value = 0;
//   };
//   template <>
//   struct kiln::Adapter<UserId> {
//     using wire_type = std::uint64_t;
//     static wire_type to_wire(const UserId& id) { return id.value; }  // or return const W&
//     static void from_wire(wire_type&& w, UserId& out) { out = UserId(w); }
//   };
//
// A UserId is then written exactly as its wire type, in every mode (fixed or compressed
// numbers, compatible mode, shared strings, reference tracking, with or without a header), and
// fingerprint_of<UserId>() == fingerprint_of<std::uint64_t>(): a peer that declares the field as
// the wire type reads the same bytes, and the JS generator gives it the wire type's codec and
// TypeScript type.
//
// from_wire may instead return kiln::Status to reject a wire value; the decoder then fails with
// ErrorCode::kValueOutOfRange at the value's first byte and the detail given to kiln::reject:
//
//   static kiln::Status from_wire(std::uint64_t&& w, UserId& out) {
//     if (w == 0) return kiln::reject("user id 0 is reserved");
//     out = UserId(w);
//     return {};
//   }
//
// Rules: the specialization must be visible wherever T is serialized; T must be default
// constructible to be read (from_wire fills in an existing value, so T need not be movable); a
// compatible-mode reader whose message lacks a field of type T assigns T{} to it, as for any
// field. An adapter takes precedence over reflection (an aggregate or a KILN_FIELDS class with an
// adapter is written as its wire type) and over an enum's underlying integer; Kiln's own types
// (numbers, strings, containers, optional, variant, tuple, pointers) cannot be adapted.
//
// The full Serializer<T> protocol (kiln/serializer.hpp) remains for encodings that no wire type
// expresses; it costs more to write and has no compatible-mode description.
#pragma once

#include <string>
#include <utility>

#include "kiln/base/error.hpp"
#include "kiln/base/result.hpp"
#include "kiln/detail/ser/adapter.hpp"
#include "kiln/detail/types/adapted.hpp"

namespace kiln {

// What from_wire returns to reject a wire value.
inline Status reject(std::string detail) {
  return Error{ErrorCode::kValueOutOfRange, 0, std::move(detail)};
}

}  // namespace kiln
