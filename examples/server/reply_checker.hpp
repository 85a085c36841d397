// Reads the typed replies a client sends (framed Records, in chunks of any size) and checks each
// against the reply the server expects for that index. A frame that is too large, corrupt, or a
// reply with other values is the client's error: the connection ends, nothing else.
#pragma once

#include <kiln/kiln.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "messages.hpp"
#include "server.hpp"

namespace kiln_server {

class ReplyChecker {
 public:
  ReplyChecker(const Server& server, Kind kind, std::uint32_t expected)
      : frames_(server.frame_limits()), kind_(kind), expected_(expected) {}

  // Takes the next chunk of the client's stream; returns the replies it completed.
  std::uint32_t feed(std::span<const std::uint8_t> chunk) {
    frames_.feed(chunk);
    std::uint32_t completed = 0;
    for (;;) {
      kiln::Result<std::optional<kiln::Frame>> next = frames_.next();
      if (!next) throw ClientError(next.error().message());
      if (!next->has_value()) return completed;
      Record reply;
      if (kiln::Status read = frames_.decode(codec_, **next, reply); !read) {
        throw ClientError(read.error().message());
      }
      if (checked_ == expected_) throw ClientError("more replies than the messages sent");
      if (!(reply == reply_for(kind_, checked_))) {
        throw ClientError("reply " + std::to_string(checked_) +
                          " holds other values than expected");
      }
      ++checked_;
      ++completed;
    }
  }

  // The client's stream ended: it must end on a frame boundary.
  void finish() const {
    if (kiln::Status end = frames_.finish(); !end) throw ClientError(end.error().message());
  }

  std::uint32_t checked() const { return checked_; }
  bool done() const { return checked_ == expected_; }

 private:
  kiln::FrameReader frames_;
  kiln::Codec codec_;
  Kind kind_;
  std::uint32_t expected_;
  std::uint32_t checked_ = 0;
};

}  // namespace kiln_server
