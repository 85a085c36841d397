// Fuzzes reading a framed stream of Record messages (docs/FORMAT.md 11) with kiln::FrameReader.
// The input is the stream; it is read twice, fed whole and fed in chunks of 1 to 64 bytes (the
// size taken from the first byte), and both reads must agree frame by frame: the same frames at
// the same stream offsets, the same decoded values, and the same error (code and offset) ending
// the stream. Offsets stay within the input, and a stream that ends cleanly leaves no error.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

#include "kiln/kiln.hpp"
#include "workloads.hpp"

namespace {

using kiln::workloads::Record;

struct Read {
  std::vector<std::uint64_t> offsets;
  std::vector<Record> values;
  kiln::ErrorCode code = kiln::ErrorCode::kOk;
  std::size_t offset = 0;
};

[[noreturn]] void fail(const char* what, const std::string& detail = {}) {
  std::fprintf(stderr, "kiln fuzz check failed: %s %s\n", what, detail.c_str());
  std::abort();
}

// Small enough that inputs reach it, so the limit's path is fuzzed too.
constexpr kiln::FrameLimits kLimits{.max_frame_bytes = 4096};

Read read_stream(std::span<const std::uint8_t> stream, std::size_t chunk) {
  Read out;
  kiln::FrameReader reader(kLimits);
  const kiln::Codec codec;
  auto stop = [&](const kiln::Error& e) {
    out.code = e.code;
    out.offset = e.offset;
    if (e.offset > stream.size()) fail("error offset past the stream", e.message());
    return out;
  };
  for (std::size_t at = 0; at < stream.size(); at += chunk) {
    reader.feed(stream.subspan(at, std::min(chunk, stream.size() - at)));
    for (;;) {
      kiln::Result<std::optional<kiln::Frame>> next = reader.next();
      if (!next) return stop(next.error());
      if (!next->has_value()) break;
      const kiln::Frame& frame = **next;
      if (frame.offset + frame.message.size() > stream.size()) fail("frame past the stream");
      Record value;
      if (kiln::Status s = reader.decode(codec, frame, value); !s) return stop(s.error());
      out.offsets.push_back(frame.offset);
      out.values.push_back(std::move(value));
    }
  }
  if (kiln::Status end = reader.finish(); !end) return stop(end.error());
  if (reader.offset() != stream.size()) fail("a clean end before the stream's end");
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> stream(data, size);
  const Read whole = read_stream(stream, std::max<std::size_t>(size, 1));
  const Read pieces = read_stream(stream, size == 0 ? 1 : 1 + data[0] % 64);
  if (whole.offsets != pieces.offsets || !(whole.values == pieces.values))
    fail("frames differ with the chunking");
  if (whole.code != pieces.code || whole.offset != pieces.offset)
    fail("verdicts differ with the chunking",
         std::string(kiln::error_code_name(whole.code)) + " at " + std::to_string(whole.offset) +
             " vs " + kiln::error_code_name(pieces.code) + " at " + std::to_string(pieces.offset));
  return 0;
}
