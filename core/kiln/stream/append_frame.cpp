#include "kiln/stream/append_frame.hpp"

namespace kiln {

Status append_frame(std::span<const std::uint8_t> message, std::vector<std::uint8_t>& out,
                    FrameLimits limits) {
  namespace s = detail::stream;
  if (message.size() > s::max_frame(limits)) [[unlikely]]
    return s::frame_too_large(message.size(), s::max_frame(limits), 0);
  std::uint8_t prefix[s::kMaxPrefixBytes];
  const std::uint8_t* const prefix_begin = prefix;
  const std::uint8_t* const prefix_end = detail::io::put_varint(prefix, message.size());
  out.reserve(out.size() + static_cast<std::size_t>(prefix_end - prefix_begin) + message.size());
  out.insert(out.end(), prefix_begin, prefix_end);
  out.insert(out.end(), message.begin(), message.end());
  return Status();
}

}  // namespace kiln
