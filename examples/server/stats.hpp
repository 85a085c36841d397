// What the server has done so far, served as JSON at /stats: the end-to-end tests read it to
// check the server's side (replies checked, clients refused, bytes buffered per stream).
#pragma once

#include <boost/json.hpp>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kiln_server {

struct StreamStats {
  std::string kind;
  std::uint64_t sent_messages = 0;
  std::uint64_t sent_bytes = 0;
};

struct Stats {
  std::uint64_t connections = 0;
  std::uint64_t replies_checked = 0;   // typed replies decoded and equal to what was expected
  std::uint64_t records_uploaded = 0;  // records read from upload bodies
  std::vector<std::string> refused;    // one line per client disconnected for what it sent
  std::size_t max_buffered_bytes = 0;  // the largest batch any stream has held
  std::map<std::uint64_t, StreamStats> active;  // streams being sent, by connection id

  std::string json() const {
    boost::json::object active_json;
    for (const auto& [id, s] : active) {
      active_json[std::to_string(id)] = {
          {"kind", s.kind}, {"sentMessages", s.sent_messages}, {"sentBytes", s.sent_bytes}};
    }
    boost::json::array refused_json(refused.begin(), refused.end());
    return boost::json::serialize(boost::json::object{{"connections", connections},
                                                      {"repliesChecked", replies_checked},
                                                      {"recordsUploaded", records_uploaded},
                                                      {"refused", std::move(refused_json)},
                                                      {"maxBufferedBytes", max_buffered_bytes},
                                                      {"active", std::move(active_json)}});
  }
};

}  // namespace kiln_server
