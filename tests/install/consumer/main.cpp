// A program outside the Kiln tree, built against the installed package.
#include <kiln/kiln.hpp>

#include <cstdio>

struct Point {
  int x;
  int y;
  bool operator==(const Point&) const = default;
};

int main() {
  kiln::Codec codec({.compress_numbers = true});
  Point p{3, -4};
  auto bytes = codec.serialize(p);
  auto back = codec.deserialize<Point>(bytes);
  if (!back || !(*back == p)) return 1;
  std::printf("roundtrip ok (%zu bytes)\n", bytes.size());
  return 0;
}
