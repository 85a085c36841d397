// Kiln reading views (std::string_view fields, docs/FORMAT.md 5.4): Foo, Record and Bulk decoded
// into FooView / RecordView, whose strings point into the message instead of being copied. Same
// messages as KilnPeer's fixed and compressed modes; the report sets them side by side.
#pragma once

#include <kiln/kiln.hpp>

#include <cstdint>
#include <deque>
#include <span>
#include <vector>

#include "common.hpp"
#include "types.hpp"
#include "views.hpp"
#include "workloads.hpp"

namespace kiln_bench {

template <bool Compress>
class KilnViewPeer {
  using FooT = kiln::workloads::FooView;
  using RecordT = kiln::workloads::RecordView;

 public:
  static constexpr const char* kLibrary = "kiln";
  static constexpr const char* kMode = Compress ? "compressed-views" : "fixed-views";

  static FooT make(Tag<Workload::kFoo>) { return viewed<FooT>(kiln::workloads::make_foo()); }
  static RecordT make(Tag<Workload::kRecord>) {
    return viewed<RecordT>(kiln::workloads::make_record());
  }
  static std::vector<FooT> make(Tag<Workload::kBulk>) {
    return viewed<std::vector<FooT>>(make_bulk<kiln::workloads::Foo>());
  }

  template <class T>
  KILN_BENCH_INLINE Bytes serialize(const T& value) {
    return codec_.serialize_view(value).value();
  }
  template <class T>
  KILN_BENCH_INLINE bool deserialize(const std::uint8_t* data, std::size_t size, T& out) {
    return codec_.deserialize_into(std::span<const std::uint8_t>(data, size), out).ok();
  }
  template <class T>
  KILN_BENCH_INLINE kiln::Result<T> deserialize_fresh(const std::uint8_t* data, std::size_t size) {
    return codec_.deserialize<T>(std::span<const std::uint8_t>(data, size));
  }

 private:
  static kiln::Options options() { return {.compress_numbers = Compress}; }

  // The benchmark's value of a view type: the owning value's message, kept for the life of the
  // process, read as views.
  template <class View, class Owning>
  static View viewed(const Owning& value) {
    static std::deque<std::vector<std::uint8_t>> messages;
    kiln::Codec codec(options());
    const std::vector<std::uint8_t>& bytes = messages.emplace_back(codec.serialize(value).value());
    View view{};
    if (!codec.deserialize_into(bytes, view)) view = View{};  // Case::check() then reports it
    return view;
  }

  kiln::Codec codec_{options()};
};

}  // namespace kiln_bench
