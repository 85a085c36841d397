// The consumer's message type. Files that send or receive it include only this: the codec for
// Order is compiled once, in order_codec.cpp.
#pragma once

#include <kiln/codec_decl.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

struct Order {
  int64_t id;
  std::string customer;
  std::vector<double> prices;
  std::map<std::string, int32_t> counts;
  std::optional<std::string> note;
  bool operator==(const Order&) const = default;
};
