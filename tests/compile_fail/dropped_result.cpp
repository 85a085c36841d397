// Built as it is, every result of the public API is used and the file compiles under -Werror.
// Built with -DDROP, each line marked "dropped" ignores one, and the compiler must reject each
// of those lines for that reason (tests/compile_fail/run.cmake).
#include <kiln/kiln.hpp>

#include <cstdint>
#include <vector>

struct Point {
  std::int32_t x;
  std::int32_t y;
};

class Shape {
 public:
  virtual ~Shape() = default;
  KILN_FIELDS(Shape, id_)

 private:
  std::int32_t id_ = 0;
};
class Circle : public Shape {
 public:
  KILN_FIELDS_WITH_BASES(Circle, (Shape), radius_)

 private:
  double radius_ = 1;
};

int main() {
  kiln::Codec codec;
  std::vector<std::uint8_t> out;
  Point p{1, 2};
  auto types = std::make_shared<kiln::TypeRegistry>();
#ifndef DROP
  kiln::Status s = codec.serialize_into(p, out);
  kiln::Result<std::vector<std::uint8_t>> bytes = codec.serialize(p);
  kiln::Result<std::span<const std::uint8_t>> view = codec.serialize_view(p);
  kiln::Result<Point> back = codec.deserialize<Point>(out);
  kiln::Status into = codec.deserialize_into(out, p);
  kiln::Result<std::string> text = kiln::inspect(out);
  kiln::Status added = types->add<Circle, Shape>(1);
  kiln::ThreadLocalCodec shared;
  kiln::Status shared_into = shared.serialize_into(p, out);
  return s && bytes && view && back && into && text && added && shared_into ? 0 : 1;
#else
  codec.serialize_into(p, out);    // dropped
  codec.serialize(p);              // dropped
  codec.serialize_view(p);         // dropped
  codec.deserialize<Point>(out);   // dropped
  codec.deserialize_into(out, p);  // dropped
  kiln::inspect(out);              // dropped
  types->add<Circle, Shape>(1);    // dropped
  kiln::ThreadLocalCodec shared;
  shared.serialize_into(p, out);  // dropped
  return 0;
#endif
}
