// PooledCodec: a thread-safe codec backed by a small fixed pool of Codecs, copied from one
// immutable prototype. No thread-local storage: suited to many short-lived threads, or where
// thread-locals are costly. An uncontended borrow is one atomic exchange to take a slot and a
// plain release store to give it back. See docs/THREADS.md.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <thread>
#include <utility>

#include "kiln/codec.hpp"
#include "kiln/concurrent/facade.hpp"

namespace kiln {

class PooledCodec : public concurrent::CodecFacade<PooledCodec> {
  struct Slot;

 public:
  // 4 per hardware thread, 16 to 256. A thread preempted inside a call keeps its slot while it
  // sleeps, so the pool must cover the threads that may be inside a call at once, not just the
  // cores; on a full pool every call scans all slots and then copies the prototype.
  static std::size_t default_size() noexcept {
    return std::clamp<std::size_t>(4 * std::size_t{std::thread::hardware_concurrency()}, 16, 256);
  }

  explicit PooledCodec(Options options = {}, std::size_t size = default_size())
      : PooledCodec(Codec(options), size) {}
  // Every slot's codec is a copy of `prototype`. A size of 0 is taken as 1.
  explicit PooledCodec(const Codec& prototype, std::size_t size = default_size())
      : prototype_(prototype), size_(std::max<std::size_t>(size, 1)), slots_(new Slot[size_]) {
    for (std::size_t i = 0; i < size_; ++i) slots_[i].codec = prototype_;
  }

  PooledCodec(const PooledCodec&) = delete;
  PooledCodec& operator=(const PooledCodec&) = delete;

  // Immutable after construction: read without a lock.
  const Options& options() const noexcept { return prototype_.options(); }
  // The codec every slot copies; its const members are safe from any thread.
  const Codec& prototype() const noexcept { return prototype_; }
  std::size_t size() const noexcept { return size_; }

  // Exclusive use of one codec until the lease is destroyed: for a batch of calls, or for
  // serialize_view, whose view stays valid only while the lease is held. When every slot is
  // taken, the lease holds a private copy of the prototype instead of waiting.
  class Lease {
   public:
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() {
      if (slot_ != nullptr) slot_->busy.store(false, std::memory_order_release);
    }
    Codec& operator*() const noexcept { return *codec_; }
    Codec* operator->() const noexcept { return codec_; }
    // False when the pool was exhausted and this lease holds a private codec.
    bool pooled() const noexcept { return slot_ != nullptr; }

   private:
    friend class PooledCodec;
    explicit Lease(Slot* slot) noexcept : slot_(slot), codec_(&slot->codec) {}
    explicit Lease(const Codec& prototype) : overflow_(prototype), codec_(&*overflow_) {}

    Slot* slot_ = nullptr;
    std::optional<Codec> overflow_;
    Codec* codec_;
  };

  Lease acquire() const {
    if (Slot* slot = try_acquire()) return Lease(slot);
    return Lease(prototype_);
  }

  // Runs f(Codec&) on a codec no other thread uses until f returns.
  template <class F>
  decltype(auto) with_codec(F&& f) const {
    if (Slot* slot = try_acquire()) [[likely]] {
      Release release{slot};
      return std::forward<F>(f)(slot->codec);
    }
    Codec overflow(prototype_);  // pool exhausted: a private copy beats waiting
    return std::forward<F>(f)(overflow);
  }

 private:
  // One cache-line pair per slot so threads on different slots never share a line (x86 fetches
  // adjacent lines in pairs). The flag and the codec share a line: the owner touches both.
  struct alignas(128) Slot {
    std::atomic<bool> busy{false};
    Codec codec;
  };

  struct Release {
    Slot* slot;
    ~Release() { slot->busy.store(false, std::memory_order_release); }
  };

  // Scans from a per-thread starting slot. A relaxed load skips visibly busy slots, so the only
  // read-modify-write is the exchange that claims a free one; its acquire pairs with the
  // previous holder's release store, which publishes that holder's writes to the codec.
  Slot* try_acquire() const noexcept {
    std::size_t i = start_slot();
    for (std::size_t n = 0; n < size_; ++n) {
      Slot& slot = slots_[i];
      if (!slot.busy.load(std::memory_order_relaxed) &&
          !slot.busy.exchange(true, std::memory_order_acquire))
        return &slot;
      if (++i == size_) i = 0;
    }
    return nullptr;
  }

  // A starting slot that differs between threads without thread-local storage: each thread runs
  // on its own stack, so a local's address above the low 16 bits (call-depth noise) names the
  // thread well enough to keep it on "its" slot and off the others' cache lines. Only a hint:
  // correctness never depends on it.
  std::size_t start_slot() const noexcept {
    if (size_ == 1) return 0;
    char probe;
    auto bits = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(&probe) >> 16);
    auto hash = static_cast<std::uint32_t>((bits * 0x9E3779B97F4A7C15ull) >> 32);
    return static_cast<std::size_t>((std::uint64_t{hash} * size_) >> 32);  // in [0, size_)
  }

  const Codec prototype_;
  const std::size_t size_;
  const std::unique_ptr<Slot[]> slots_;
};

}  // namespace kiln
