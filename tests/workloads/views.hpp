// Viewing versions of the workloads: the same wire form (and fingerprint, by wire name) as Foo
// and Record, read as views into the message instead of copies; and a blob of bytes both ways.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "workloads.hpp"

namespace kiln::workloads {

struct FooView {
  static constexpr std::string_view kiln_name = "Foo";
  std::int32_t f1;
  std::string_view f2;
  std::vector<std::string_view> f3;
  std::map<std::string_view, std::int64_t> f4;
  bool operator==(const FooView&) const = default;
};

struct RecordView {
  static constexpr std::string_view kiln_name = "Record";
  std::int32_t f1;
  std::string_view f2;
  std::vector<std::string_view> f3;
  std::map<std::string_view, std::int64_t> f4;
  bool operator==(const RecordView&) const = default;
};

struct Blob {
  std::string name;
  std::vector<std::uint8_t> data;
  std::vector<char> text;
  bool operator==(const Blob&) const = default;
};

struct BlobView {
  static constexpr std::string_view kiln_name = "Blob";
  std::string_view name;
  std::span<const std::uint8_t> data;
  std::span<const char> text;
};

// Whether a view-holding value says the same as its owning counterpart.
template <class View, class Owning>
bool same_values(const View& v, const Owning& o) {
  return v.f1 == o.f1 && v.f2 == o.f2 &&
         std::equal(v.f3.begin(), v.f3.end(), o.f3.begin(), o.f3.end()) &&
         std::equal(v.f4.begin(), v.f4.end(), o.f4.begin(), o.f4.end(),
                    [](const auto& a, const auto& b) {
                      return a.first == b.first && a.second == b.second;
                    });
}
inline bool same_values(const BlobView& v, const Blob& o) {
  return v.name == o.name &&
         std::equal(v.data.begin(), v.data.end(), o.data.begin(), o.data.end()) &&
         std::equal(v.text.begin(), v.text.end(), o.text.begin(), o.text.end());
}

}  // namespace kiln::workloads
