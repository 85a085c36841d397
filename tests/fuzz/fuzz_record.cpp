// Fuzzes decoding Record messages (both number modes), and reading the same bytes as views
// (RecordView: string_views into the input): the same verdict, error code and offset as the
// owning decode, and on success the same strings. Under ASan, a view that reached past the input
// would be reported when it is compared.
#include "fuzz_harness.hpp"
#include "views.hpp"
#include "workloads.hpp"

using namespace kiln::workloads;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Record prefill = make_record();
  kiln::fuzz::run<Record>(data, size, prefill, kiln::fuzz::Checks{});
  const std::span<const std::uint8_t> in(data, size);
  kiln::Codec codec;
  Record owning{};
  RecordView view{};
  const kiln::Status a = codec.deserialize_into(in, owning);
  const kiln::Status b = codec.deserialize_into(in, view);
  if (a.ok() != b.ok()) kiln::fuzz::fail("views and copies disagree on success");
  if (!a.ok() && (a.error().code != b.error().code || a.error().offset != b.error().offset))
    kiln::fuzz::fail("views and copies report different errors",
                     a.error().message() + " / " + b.error().message());
  if (a.ok() && !same_values(view, owning)) kiln::fuzz::fail("views and copies differ");
  return 0;
}
