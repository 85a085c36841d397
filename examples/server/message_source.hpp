// A stream's bytes, made in batches: a connection holds one batch at a time however long the
// stream, and asks for the next only when the socket has taken the last (backpressure).
#pragma once

#include <kiln/kiln.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "json_lines.hpp"
#include "messages.hpp"

namespace kiln_server {

enum class Format { kKiln, kJson };

class MessageSource {
 public:
  MessageSource(Kind kind, Format format, std::uint32_t count)
      : kind_(kind), format_(format), count_(count) {}

  // Replaces `out` with the next messages, about `target` bytes of them (at least one message);
  // false once every message has been produced.
  bool next_batch(std::vector<std::uint8_t>& out, std::size_t target) {
    out.clear();
    while (next_ < count_ && out.size() < target) append(next_++, out);
    return !out.empty();
  }

  std::uint32_t produced() const { return next_; }

 private:
  void append(std::uint32_t i, std::vector<std::uint8_t>& out) {
    if (format_ == Format::kJson) {
      line_.clear();
      append_json_line(kind_, i, line_);
      out.insert(out.end(), line_.begin(), line_.end());
      return;
    }
    kiln::Status written = kind_ == Kind::kStruct ? kiln::append_frame(codec_, make_struct(i), out)
                                                  : kiln::append_frame(codec_, make_foo(i), out);
    // These values always fit the format; a failure here is a bug, not a client's doing.
    if (!written) throw std::logic_error(written.error().message());
  }

  Kind kind_;
  Format format_;
  std::uint32_t count_;
  std::uint32_t next_ = 0;
  kiln::Codec codec_{kiln::Options{.compress_numbers = true}};
  std::string line_;
};

}  // namespace kiln_server
