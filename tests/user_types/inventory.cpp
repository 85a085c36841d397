#include "shapes.hpp"

namespace acme {

void Inventory::add(const std::string& bin, std::int32_t count) {
  bins_[bin].push_back(count);
}

std::int64_t Inventory::total() const {
  std::int64_t sum = 0;
  for (const auto& [bin, counts] : bins_)
    for (std::int32_t c : counts) sum += c;
  return sum;
}

}  // namespace acme
