// The bound on one frame of a framed stream (docs/FORMAT.md section 11).
#pragma once

#include <cstddef>

namespace kiln {

// Writers refuse a message longer than max_frame_bytes and readers reject a prefix announcing
// one, so a writer never produces what a reader with the same limits rejects. A reader checks
// the prefix before the payload arrives: a peer cannot make it buffer more than this per frame.
// Prefixes are 32-bit varints, so values above 2^32 - 1 act as 2^32 - 1.
struct FrameLimits {
  std::size_t max_frame_bytes = std::size_t{16} << 20;
};

}  // namespace kiln
