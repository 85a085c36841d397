// Types Kiln cannot reflect, each mapped by a kiln::Adapter to a type it serializes: in the
// generated JS and .d.ts they are their wire types.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kiln/kiln.hpp"

namespace acme {

// A strong typedef: the explicit constructor keeps a plain number from becoming an id.
class PartId {
 public:
  PartId() = default;
  explicit PartId(std::uint64_t value) : value_(value) {}
  std::uint64_t value() const { return value_; }
  bool operator==(const PartId&) const = default;

 private:
  std::uint64_t value_ = 0;
};

// What a gauge has read; the gauge itself guards it with a mutex, which is not data.
struct GaugeReadings {
  std::string label;
  std::vector<double> values;
  bool operator==(const GaugeReadings&) const = default;
};
class Gauge {
 public:
  Gauge() = default;
  explicit Gauge(GaugeReadings readings) : readings_(std::move(readings)) {}
  Gauge(const Gauge& other) : readings_(other.snapshot()) {}
  Gauge& operator=(const Gauge& other) {
    replace(other.snapshot());
    return *this;
  }
  GaugeReadings snapshot() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return readings_;
  }
  void replace(GaugeReadings&& readings) {
    std::lock_guard<std::mutex> lock(mutex_);
    readings_ = std::move(readings);
  }

 private:
  mutable std::mutex mutex_;
  GaugeReadings readings_;
};

using Instant = std::chrono::system_clock::time_point;

struct Shipment {
  PartId part;
  Instant shipped;
  std::optional<Instant> delivered;
  std::vector<PartId> spares;
  std::shared_ptr<Gauge> gauge;
  std::shared_ptr<Gauge> backup;  // may be the same gauge
};

}  // namespace acme

template <>
struct kiln::Adapter<acme::PartId> {
  using wire_type = std::uint64_t;
  static wire_type to_wire(const acme::PartId& id) { return id.value(); }
  static void from_wire(wire_type&& value, acme::PartId& out) { out = acme::PartId(value); }
};

// Microseconds since 1970-01-01 UTC: the resolution of libc++'s system_clock (em++'s), and
// libstdc++'s nanoseconds rounded down. A count beyond the clock's range is rejected.
template <>
struct kiln::Adapter<acme::Instant> {
  using wire_type = std::int64_t;
  static wire_type to_wire(const acme::Instant& t) {
    return std::chrono::floor<std::chrono::microseconds>(t.time_since_epoch()).count();
  }
  static kiln::Status from_wire(wire_type&& us, acme::Instant& out) {
    using Duration = acme::Instant::duration;
    constexpr std::int64_t kMax =
        std::chrono::duration_cast<std::chrono::microseconds>(Duration::max()).count();
    if (us > kMax || us < -kMax) return kiln::reject("instant beyond the clock's range");
    out = acme::Instant(std::chrono::duration_cast<Duration>(std::chrono::microseconds(us)));
    return {};
  }
};

template <>
struct kiln::Adapter<acme::Gauge> {
  using wire_type = acme::GaugeReadings;
  static wire_type to_wire(const acme::Gauge& g) { return g.snapshot(); }
  static void from_wire(wire_type&& readings, acme::Gauge& out) {
    out.replace(std::move(readings));
  }
};
