// Built as it is, the file compiles: types holding views (std::string_view, byte spans) decode
// from bytes that outlive them, and owning types from anything. Built with -DDANGLE, each line
// marked "dangles" decodes a type holding views from a temporary vector, which would leave its
// views pointing into freed memory, and the compiler must reject each of those lines
// (tests/compile_fail/run.cmake).
#include <kiln/kiln.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct Owning {
  std::string name;
  std::vector<std::uint8_t> data;
};
struct Viewing {
  std::string_view name;
  std::span<const std::uint8_t> data;
};
struct Nested {
  std::optional<std::vector<Viewing>> items;
};

std::vector<std::uint8_t> message() {
  return kiln::Codec().serialize(Owning{"a", {1}}).value_or(std::vector<std::uint8_t>{});
}

int main() {
  const kiln::Codec codec;
  const kiln::ThreadLocalCodec shared;
  const std::vector<std::uint8_t> bytes = message();
  Viewing v{};
  Nested n{};
  bool ok = codec.deserialize<Viewing>(bytes).has_value() &&
            codec.deserialize_into(bytes, v).ok() && shared.deserialize<Viewing>(bytes).has_value();
  ok = ok && codec.deserialize<Owning>(message()).has_value();  // owns its data: fine
#ifdef DANGLE
  ok = ok && codec.deserialize<Viewing>(message()).has_value();   // dangles
  ok = ok && codec.deserialize_into(message(), v).ok();           // dangles
  ok = ok && codec.deserialize_into(message(), n).ok();           // dangles
  ok = ok && shared.deserialize<Viewing>(message()).has_value();  // dangles
  ok = ok && shared.deserialize_into(message(), n).ok();          // dangles
#endif
  return ok ? 0 : 1;
}
