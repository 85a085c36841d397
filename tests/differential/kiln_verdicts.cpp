// The native side of the differential fuzzer (tests/differential/differential.mjs): reads batches
// of inputs on stdin and prints the C++ core's verdict on each, one line per input, so the JS
// decoders can be held to it.
//
// stdin:  batches of [u32 count] then count records [u8 decoder][u16 read flags][u32 n][n bytes]
//         (little-endian). Read flags as the wasm core's (wasm/module.hpp): 1 compressed numbers,
//         2 reference tracking, 4 compatible, 8 shared strings, 0x100 no header (the reader is
//         told the other bits); with a header the message's own flags rule. 0x200: a tight
//         allocation budget, 1.5 per input byte plus 16 (tightBudget in decoders.mjs), so that
//         the budget's charges (FORMAT.md 6.5) decide verdicts.
// stdout: per record "ok <hex>" (the decoded value re-encoded with kReencode, or the inspector's
//         JSON, or a stream's values re-encoded and framed), "err <code> <offset>" (the decode
//         error), or "wrerr <code>" (decoded, but the writer refused the value); stdout is flushed
//         after each batch.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "golden_cases.hpp"
#include "kiln/inspect.hpp"
#include "kiln/kiln.hpp"
#include "workloads.hpp"

namespace {

namespace w = kiln::workloads;
namespace f = kiln::workloads::features;

// Decoder ids, in the order of NATIVE in decoders.mjs; after the types come the inspector and a
// framed stream of Records.
using Types = std::tuple<w::Struct, w::Foo, w::Record, std::vector<w::Foo>, w::TestClass, w::Tree,
                         w::Tags, f::Graph, f::Document, f::Category, f::Scalars, f::Catalog,
                         f::Labels, f::Vendor, f::Envelope, f::envelope_v1::Envelope,
                         f::graph_v1::Graph, f::drawing_v0::Drawing, kiln::Value>;
constexpr int kInspect = std::tuple_size_v<Types>;
constexpr int kFramesRecord = kInspect + 1;

// Successful decodes are written again with these options (JS writes its value with the same),
// so equal bytes mean equal values. Tracking keeps shared objects shared and cycles writable.
constexpr kiln::Options kReencode{.track_references = true};

kiln::Options read_options(unsigned flags, std::size_t input_bytes) {
  kiln::Options o{.compress_numbers = (flags & 0x01) != 0,
                  .track_references = (flags & 0x02) != 0,
                  .share_strings = (flags & 0x08) != 0,
                  .compatible = (flags & 0x04) != 0,
                  .header = (flags & 0x100) == 0};
  if (flags & 0x200) o.limits.max_alloc_bytes = input_bytes + input_bytes / 2 + 16;
  return o;
}

std::string& operator<<(std::string& out, std::span<const std::uint8_t> bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (std::uint8_t b : bytes) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

void error_line(std::string& out, const kiln::Error& e) {
  out += "err " + std::to_string(static_cast<int>(e.code)) + ' ' + std::to_string(e.offset);
}

template <class T>
void verdict(std::span<const std::uint8_t> input, unsigned flags, std::string& out) {
  T value{};
  kiln::Status read = kiln::Codec(read_options(flags, input.size())).deserialize_into(input, value);
  if (!read) return error_line(out, read.error());
  std::vector<std::uint8_t> bytes;
  kiln::Status write = kiln::Codec(kReencode).serialize_into(value, bytes);
  if (!write) {
    out += "wrerr " + std::to_string(static_cast<int>(write.error().code));
    return;
  }
  out += "ok ";
  out << bytes;
}

void inspect_verdict(std::span<const std::uint8_t> input, std::string& out) {
  kiln::Result<std::string> json = kiln::inspect(input);
  if (!json) return error_line(out, json.error());
  out += "ok ";
  out += *json;
}

// A framed stream of Record messages (FORMAT.md 11), each read with the default Codec: fed to a
// FrameReader in chunks of 1, 2, 3, ... 16 bytes (then 1 again), from a start that depends on the
// input's length; JS cuts it otherwise, so verdicts that depend on chunking differ. "ok" and the
// frames of the values written again, or the stream's first error at its stream offset.
void frames_verdict(std::span<const std::uint8_t> input, std::string& out) {
  const kiln::Codec codec;
  kiln::FrameReader reader;
  std::vector<std::uint8_t> frames;
  std::size_t chunk = input.size() % 16;
  for (std::size_t at = 0; at < input.size();) {
    chunk = chunk % 16 + 1;
    const std::size_t n = std::min(chunk, input.size() - at);
    reader.feed(input.subspan(at, n));
    at += n;
    while (true) {
      kiln::Result<std::optional<kiln::FrameReader::Frame>> frame = reader.next();
      if (!frame) return error_line(out, frame.error());
      if (!*frame) break;
      w::Record value{};
      if (kiln::Status read = reader.decode(codec, **frame, value); !read)
        return error_line(out, read.error());
      if (kiln::Status write = kiln::append_frame(kiln::Codec(kReencode), value, frames); !write) {
        out += "wrerr " + std::to_string(static_cast<int>(write.error().code));
        return;
      }
    }
  }
  if (kiln::Status end = reader.finish(); !end) return error_line(out, end.error());
  out += "ok ";
  out << frames;
}

void dispatch(int decoder, std::span<const std::uint8_t> input, unsigned flags, std::string& out) {
  if (decoder == kInspect) return inspect_verdict(input, out);
  if (decoder == kFramesRecord) return frames_verdict(input, out);
  int index = 0;
  bool known = false;
  auto try_one = [&]<class T>() {
    if (index++ != decoder) return;
    known = true;
    verdict<T>(input, flags, out);
  };
  [&]<class... T>(std::tuple<T...>*) {
    (try_one.template operator()<T>(), ...);
  }(static_cast<Types*>(nullptr));
  if (!known) out += "unknown decoder " + std::to_string(decoder);
}

bool read_exact(void* to, std::size_t n) {
  return std::fread(to, 1, n, stdin) == n;
}

std::uint32_t le(const std::uint8_t* p, int bytes) {
  std::uint32_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

}  // namespace

int main() {
  std::vector<std::uint8_t> input;
  std::string out;
  for (std::uint8_t count_bytes[4]; read_exact(count_bytes, 4);) {
    const std::uint32_t count = le(count_bytes, 4);
    out.clear();
    for (std::uint32_t i = 0; i < count; ++i) {
      std::uint8_t head[7];
      if (!read_exact(head, sizeof head)) return 2;
      input.resize(le(head + 3, 4));
      if (!read_exact(input.data(), input.size())) return 2;
      dispatch(head[0], input, le(head + 1, 2), out);
      out += '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
  }
  return 0;
}
