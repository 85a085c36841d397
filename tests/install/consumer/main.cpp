// A program outside the Kiln tree: it round-trips a value through each entry point of the public
// API, with Order's codec compiled in another file (order_codec.cpp, KILN_INSTANTIATE).
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

#include "order.hpp"

namespace {

bool check(const char* what, bool ok) {
  if (!ok) std::printf("%s failed\n", what);
  return ok;
}

}  // namespace

int main() {
  kiln::Codec codec({.compress_numbers = true});
  const Order order{-42, "ada", {1.5, 2.25}, {{"tea", 3}, {"cake", 1}}, "no sugar"};
  std::vector<uint8_t> bytes = codec.serialize(order).value();
  kiln::Result<Order> back = codec.deserialize<Order>(bytes);
  if (!back) {
    std::printf("deserialize failed: %s\n", back.error().message().c_str());
    return 1;
  }
  std::vector<uint8_t> appended;
  Order into;
  bool ok = check("deserialize", *back == order) &&
            check("serialize_into", codec.serialize_into(order, appended).has_value()) &&
            check("same bytes", appended == bytes);
  kiln::Result<std::span<const uint8_t>> view = codec.serialize_view(order);
  ok = ok &&
       check("serialize_view", view && std::vector<uint8_t>(view->begin(), view->end()) == bytes) &&
       check("deserialize_into", codec.deserialize_into(bytes, into).has_value() && into == order);
  // A message cut short is an error, not a crash, through the separately compiled codec too.
  kiln::Result<Order> cut = codec.deserialize<Order>(std::span(bytes).first(bytes.size() - 1));
  ok = ok &&
       check("truncated message rejected", !cut && cut.error().code == kiln::ErrorCode::kTruncated);
  if (!ok) return 1;
  std::printf("roundtrip ok (%zu bytes)\n", bytes.size());
  return 0;
}
