// A program outside the Kiln tree: it round-trips a value through the public API.
#include <kiln/kiln.hpp>

#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

struct Order {
  int64_t id;
  std::string customer;
  std::vector<double> prices;
  std::map<std::string, int32_t> counts;
  std::optional<std::string> note;
  bool operator==(const Order&) const = default;
};

int main() {
  kiln::Codec codec({.compress_numbers = true});
  const Order order{-42, "ada", {1.5, 2.25}, {{"tea", 3}, {"cake", 1}}, "no sugar"};
  std::vector<uint8_t> bytes = codec.serialize(order).value();
  kiln::Result<Order> back = codec.deserialize<Order>(bytes);
  if (!back) {
    std::printf("deserialize failed: %s\n", back.error().message().c_str());
    return 1;
  }
  if (!(*back == order)) {
    std::puts("round trip changed the value");
    return 1;
  }
  std::printf("roundtrip ok (%zu bytes)\n", bytes.size());
  return 0;
}
