// Round-trips the Record workload and prints its bytes in hex, in both number modes.
#include <kiln/kiln.hpp>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

struct Record {
  int32_t f1;
  std::string f2;
  std::vector<std::string> f3;
  std::map<std::string, int64_t> f4;
  bool operator==(const Record&) const = default;
};

int main() {
  const Record record{10, "abc", {"str1", "str2"}, {{"k1", 10}, {"k2", 20}}};
  for (bool compress : {false, true}) {
    kiln::Codec codec({.compress_numbers = compress});
    std::vector<std::uint8_t> bytes = codec.serialize(record).value();
    kiln::Result<Record> back = codec.deserialize<Record>(bytes);
    if (!back) {
      std::fprintf(stderr, "decode failed: %s\n", back.error().message().c_str());
      return 1;
    }
    std::printf("%s numbers, %zu bytes, round trip %s:\n", compress ? "compressed" : "fixed",
                bytes.size(), *back == record ? "equal" : "DIFFERENT");
    for (std::size_t i = 0; i < bytes.size(); ++i)
      std::printf("%02x%s", bytes[i], (i + 1) % 16 == 0 || i + 1 == bytes.size() ? "\n" : " ");
    if (!(*back == record)) return 1;
  }
  return 0;
}
