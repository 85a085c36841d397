// Framed streams (docs/FORMAT.md section 11): many messages on one byte stream, each behind its
// length. Writing with append_frame (into a vector) or write_frame (into a std::ostream-like
// sink); reading with FrameReader, fed chunks of any size.
#pragma once

#include "kiln/stream/append_frame.hpp"
#include "kiln/stream/frame.hpp"
#include "kiln/stream/frame_limits.hpp"
#include "kiln/stream/frame_reader.hpp"
#include "kiln/stream/write_frame.hpp"
