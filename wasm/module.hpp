// The raw C exports of a Kiln wasm module for a fixed list of types. JavaScript copies bytes into
// the module's input buffer and calls one export with (type index, length): no Embind marshalling
// on the per-message path. KILN_WASM_MODULE(Types...) defines the exports for a module.
#pragma once

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "kiln/kiln.hpp"

namespace kiln::wasm {

// Reused across calls, so a stream of rejected inputs does not grow the heap.
struct State {
  std::vector<std::uint8_t> input;
  std::vector<std::uint8_t> output;
  Error error;
};
inline State& state() {
  static State s;
  return s;
}

// Options from flag bits as in the header (1 compressed numbers, 2 reference tracking, 4
// compatible mode, 8 shared strings, 16 no fingerprint), plus kNoHeader: a message without a
// header, whose reader takes the other bits as agreed out of band.
inline constexpr int kNoHeader = 0x100;
inline Options options_from_flags(int flags) {
  return {.compress_numbers = (flags & kiln::detail::wire::kFlagCompressNumbers) != 0,
          .track_references = (flags & kiln::detail::wire::kFlagReferenceTracking) != 0,
          .share_strings = (flags & kiln::detail::wire::kFlagShareStrings) != 0,
          .compatible = (flags & kiln::detail::wire::kFlagCompatible) != 0,
          .fingerprint = (flags & kiln::detail::wire::kFlagNoFingerprint) == 0,
          .header = (flags & kNoHeader) == 0};
}

// Decodes the input buffer as type I of the list with the C++ decoder, as a reader with the
// options of `read_flags` would; 0 or an ErrorCode. The value is left in `value`.
template <class U>
int decode_input(std::size_t n, int read_flags, bool validate_utf8, U& value) {
  State& s = state();
  Options options = options_from_flags(read_flags);
  options.validate_utf8 = validate_utf8;
  Status st =
      Codec(options).deserialize_into(std::span<const std::uint8_t>(s.input.data(), n), value);
  s.error = st.ok() ? Error{} : st.error();
  return static_cast<int>(s.error.code);
}

template <class... T>
int validate(int type, std::size_t n, int read_flags, bool validate_utf8) {
  if (n > state().input.size()) return static_cast<int>(ErrorCode::kTruncated);
  int result = -1;
  int index = 0;
  auto try_one = [&]<class U>() {
    if (index++ != type) return;
    U value{};
    result = decode_input(n, read_flags, validate_utf8, value);
  };
  (try_one.template operator()<T>(), ...);
  return result;
}

// Decodes the input as type I (options of `read_flags`) and encodes the value again with the
// options of `write_flags` into the output buffer; returns its length, or -1 (the error is kept
// as for validate).
template <class... T>
int reencode(int type, std::size_t n, int read_flags, int write_flags) {
  State& s = state();
  if (n > s.input.size()) return -1;
  int result = -1;
  int index = 0;
  auto try_one = [&]<class U>() {
    if (index++ != type) return;
    U value{};
    if (decode_input(n, read_flags, true, value) != 0) return;
    s.output.clear();
    Status st = Codec(options_from_flags(write_flags)).serialize_into(value, s.output);
    if (!st) {
      s.error = st.error();
      return;
    }
    result = static_cast<int>(s.output.size());
  };
  (try_one.template operator()<T>(), ...);
  return result;
}

// JSON list of the module's types, for the JS side to check against its generated code.
template <class... T>
std::string type_table(const std::vector<std::string>& names) {
  std::string json = "[";
  std::size_t i = 0;
  ((json += (i ? "," : "") + std::string("{\"name\":\"") + names[i] +
            "\",\"fingerprint\":" + std::to_string(fingerprint_of<T>()) + "}",
    ++i),
   ...);
  return json + "]";
}

}  // namespace kiln::wasm

// Defines the module's exports for the listed types (their JS names as a brace list of strings).
#define KILN_WASM_MODULE(NAMES, ...)                                                          \
  extern "C" {                                                                                \
  EMSCRIPTEN_KEEPALIVE std::uint8_t* kiln_input(std::size_t n) {                              \
    auto& in = ::kiln::wasm::state().input;                                                   \
    if (in.size() < n) in.resize(n);                                                          \
    return in.data();                                                                         \
  }                                                                                           \
  EMSCRIPTEN_KEEPALIVE int kiln_validate(int type, std::size_t n, int read_flags, int utf8) { \
    return ::kiln::wasm::validate<__VA_ARGS__>(type, n, read_flags, utf8 != 0);               \
  }                                                                                           \
  EMSCRIPTEN_KEEPALIVE int kiln_reencode(int type, std::size_t n, int read_flags,             \
                                         int write_flags) {                                   \
    return ::kiln::wasm::reencode<__VA_ARGS__>(type, n, read_flags, write_flags);             \
  }                                                                                           \
  EMSCRIPTEN_KEEPALIVE const std::uint8_t* kiln_output() {                                    \
    return ::kiln::wasm::state().output.data();                                               \
  }                                                                                           \
  EMSCRIPTEN_KEEPALIVE std::size_t kiln_error_offset() {                                      \
    return ::kiln::wasm::state().error.offset;                                                \
  }                                                                                           \
  EMSCRIPTEN_KEEPALIVE const char* kiln_error_detail() {                                      \
    return ::kiln::wasm::state().error.detail.c_str();                                        \
  }                                                                                           \
  EMSCRIPTEN_KEEPALIVE void kiln_release() {                                                  \
    ::kiln::wasm::state() = {};                                                               \
  }                                                                                           \
  }                                                                                           \
  EMSCRIPTEN_BINDINGS(kiln_module) {                                                          \
    emscripten::function(                                                                     \
        "formatVersion", +[] { return static_cast<int>(::kiln::detail::wire::kVersion); });   \
    emscripten::function(                                                                     \
        "typeTable", +[] { return ::kiln::wasm::type_table<__VA_ARGS__>(NAMES); });           \
  }
