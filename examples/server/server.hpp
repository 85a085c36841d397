// The state one server process shares between its connections: configuration, files, statistics
// and the log. One thread runs every connection, so none of it needs a lock.
#pragma once

#include <kiln/kiln.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string>

#include "static_files.hpp"
#include "stats.hpp"

namespace kiln_server {

struct Config {
  unsigned short port = 8080;
  std::size_t max_frame_bytes = std::size_t{1} << 20;  // per frame a client sends
  std::size_t max_ws_message = std::size_t{1} << 20;   // per WebSocket message a client sends
  std::size_t batch_bytes = 16 << 10;                  // what a stream holds in memory at once
};

// What a client did wrong; the server closes that connection, logs the reason and carries on.
class ClientError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Server {
  Config config;
  StaticFiles files;
  Stats stats;

  kiln::FrameLimits frame_limits() const { return {.max_frame_bytes = config.max_frame_bytes}; }

  void log(std::uint64_t connection, const std::string& line) const {
    std::cerr << "[kiln-server] connection " << connection << ": " << line << std::endl;
  }

  void refuse(std::uint64_t connection, const std::string& what, const std::string& reason) {
    const std::string line = what + ": " + reason;
    log(connection, "disconnected, " + line);
    stats.refused.push_back("connection " + std::to_string(connection) + " " + line);
  }

  void note_batch(std::size_t bytes) {
    stats.max_buffered_bytes = std::max(stats.max_buffered_bytes, bytes);
  }
};

// Keeps a stream's entry in Stats::active while it is being sent.
class ActiveStream {
 public:
  ActiveStream(Server& server, std::uint64_t id, std::string kind) : server_(server), id_(id) {
    server_.stats.active[id_] = {std::move(kind), 0, 0};
  }
  ~ActiveStream() { server_.stats.active.erase(id_); }
  ActiveStream(const ActiveStream&) = delete;
  ActiveStream& operator=(const ActiveStream&) = delete;

  void sent(std::uint64_t messages, std::size_t bytes) {
    StreamStats& s = server_.stats.active[id_];
    s.sent_messages = messages;
    s.sent_bytes += bytes;
  }

 private:
  Server& server_;
  std::uint64_t id_;
};

}  // namespace kiln_server
