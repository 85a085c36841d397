// ThreadLocalCodec: a thread-safe codec in which every thread lazily gets its own Codec, copied
// from one immutable prototype. After a thread's first call the hot path is a thread-local load
// and a compare: no lock, no atomic instruction. See docs/THREADS.md.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "kiln/codec.hpp"
#include "kiln/concurrent/facade.hpp"

namespace kiln {
namespace concurrent::detail {

// The calling thread's most recently used (facade, codec) pair. Constant-initialized and
// trivially destructible, so reading it compiles to a plain thread-local load (no guard, no
// destructor registration).
struct LastUsed {
  const void* key = nullptr;
  Codec* codec = nullptr;
};

inline LastUsed& last_used() noexcept {
  static thread_local constinit LastUsed last;
  return last;
}

// Set once this thread's ThreadStates has been destroyed (thread exit).
inline bool& states_gone() noexcept {
  static thread_local constinit bool gone = false;
  return gone;
}

// The codecs a thread owns, one per facade it has used; freed when the thread exits.
class ThreadStates {
 public:
  ThreadStates() = default;
  ThreadStates(const ThreadStates&) = delete;
  ThreadStates& operator=(const ThreadStates&) = delete;
  ~ThreadStates() {
    last_used() = {};
    states_gone() = true;
  }

  // `owner` is the facade's prototype. It must come from make_shared: the weak reference kept
  // here then pins the prototype's allocation, so its address (the key) cannot be reused by a
  // newer facade while this thread still holds a state under that key.
  Codec& find_or_add(const std::shared_ptr<const Codec>& owner) {
    const void* key = owner.get();
    for (Entry& e : entries_)
      if (e.key == key) return *e.codec;
    // A facade new to this thread: first free the states of facades that no longer exist.
    std::erase_if(entries_, [](const Entry& e) {
      if (!e.owner.expired()) return false;
      if (last_used().key == e.key) last_used() = {};
      return true;
    });
    entries_.push_back(Entry{key, owner, std::make_unique<Codec>(*owner)});
    return *entries_.back().codec;
  }

 private:
  struct Entry {
    const void* key;
    std::weak_ptr<const Codec> owner;
    std::unique_ptr<Codec> codec;  // on the heap so LastUsed::codec survives vector growth
  };
  std::vector<Entry> entries_;
};

inline ThreadStates& thread_states() {
  if (states_gone()) [[unlikely]] {
    // Only reached from a thread_local destructor that runs after ours on an exiting thread.
    // Its states are deliberately never freed: nothing later in the thread could free them.
    static thread_local constinit ThreadStates* late = nullptr;
    if (late == nullptr) late = new ThreadStates;
    return *late;
  }
  static thread_local ThreadStates states;
  return states;
}

}  // namespace concurrent::detail

class ThreadLocalCodec : public concurrent::CodecFacade<ThreadLocalCodec> {
 public:
  explicit ThreadLocalCodec(Options options = {}) : ThreadLocalCodec(Codec(options)) {}
  // Every thread's codec is a copy of `prototype`, taken on the thread's first call.
  explicit ThreadLocalCodec(const Codec& prototype)
      : prototype_(std::make_shared<const Codec>(prototype)) {}

  // The address is the identity of the facade in each thread's cache: neither copy nor move.
  ThreadLocalCodec(const ThreadLocalCodec&) = delete;
  ThreadLocalCodec& operator=(const ThreadLocalCodec&) = delete;

  // Immutable after construction: read without a lock.
  const Options& options() const noexcept { return prototype_->options(); }
  // The codec every thread copies; its const members are safe from any thread.
  const Codec& prototype() const noexcept { return *prototype_; }

  // The calling thread's codec for this facade. Use it directly for a batch of calls; do not
  // hand it to another thread.
  Codec& local() const {
    concurrent::detail::LastUsed& last = concurrent::detail::last_used();
    if (last.key == prototype_.get()) [[likely]]
      return *last.codec;
    return local_slow();
  }

  // Runs f(Codec&) on the calling thread's codec.
  template <class F>
  decltype(auto) with_codec(F&& f) const {
    return std::forward<F>(f)(local());
  }

  // A view of the calling thread's scratch buffer, valid until this thread's next serialize_view
  // on this facade. Safe because no other thread ever writes that buffer.
  template <class T>
  [[nodiscard]] Result<std::span<const std::uint8_t>> serialize_view(const T& value) const {
    return local().serialize_view(value);
  }

 private:
  [[gnu::noinline]] Codec& local_slow() const {
    Codec& codec = concurrent::detail::thread_states().find_or_add(prototype_);
    concurrent::detail::last_used() = {prototype_.get(), &codec};
    return codec;
  }

  std::shared_ptr<const Codec> prototype_;
};

}  // namespace kiln
