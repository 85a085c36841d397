// FlatIndex: numbers distinct keys in order of first appearance (the shared objects and shared
// strings of one message being written). Open addressing with linear probing over a flat array
// of (hash, number) slots; the first kInline keys live inside the object, so a message with few
// shared objects or strings allocates nothing. std::unordered_map allocated a node per key and
// was most of the cost of writing TestClass.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "kiln/base/inline.hpp"

namespace kiln::detail::graph {

template <class Key, class Hash, class Eq = std::equal_to<Key>, std::size_t kInline = 16>
class FlatIndex {
 public:
  FlatIndex() = default;
  FlatIndex(const FlatIndex&) = delete;  // slots_ and keys_ may point into the object itself
  FlatIndex& operator=(const FlatIndex&) = delete;

  // The key's number, and whether it was added now (it then gets the next number, size() - 1).
  // Inline, with the key by value: called once per string or pointer written, and in wasm a key
  // passed by reference is built in linear memory and read back, which stalled on every call.
  KILN_INLINE std::pair<std::uint32_t, bool> add(Key key) {
    // Fibonacci mixing: probes start at the low bits, and pointer hashes (the identity in
    // libstdc++) have constant low bits.
    const auto h = static_cast<std::uint32_t>((Hash()(key) * 0x9E3779B97F4A7C15ull) >> 32);
    const std::size_t mask = capacity_ - 1;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      Slot& s = slots_[i];
      if (s.number_plus_1 == 0) {
        const auto number = static_cast<std::uint32_t>(size_);
        append(key);
        s = {h, number + 1};
        if (size_ * 2 > capacity_) grow();  // load factor at most 1/2
        return {number, true};
      }
      if (s.hash == h && Eq()(keys_[s.number_plus_1 - 1], key)) return {s.number_plus_1 - 1, false};
    }
  }

  std::size_t size() const noexcept { return size_; }

 private:
  struct Slot {
    std::uint32_t hash;
    std::uint32_t number_plus_1;  // 0: empty
  };

  KILN_INLINE void append(Key key) {
    if (size_ == key_capacity_) [[unlikely]]
      grow_keys();
    keys_[size_] = key;
    ++size_;
  }
  // Takes no key: in wasm a key passed to a call, by value or by reference, is copied to linear
  // memory, and even on this cold path that gave every add() caller a shadow-stack frame.
  [[gnu::noinline]] void grow_keys() {
    std::vector<Key> bigger(key_capacity_ * 2);
    std::copy(keys_, keys_ + size_, bigger.begin());
    heap_keys_.swap(bigger);
    keys_ = heap_keys_.data();
    key_capacity_ = heap_keys_.size();
  }

  [[gnu::noinline]] void grow() {
    std::vector<Slot> bigger(capacity_ * 2, Slot{0, 0});
    const std::size_t mask = bigger.size() - 1;
    for (std::size_t j = 0; j < capacity_; ++j) {
      const Slot& s = slots_[j];
      if (s.number_plus_1 == 0) continue;
      std::size_t i = s.hash & mask;
      while (bigger[i].number_plus_1 != 0) i = (i + 1) & mask;
      bigger[i] = s;
    }
    heap_slots_.swap(bigger);
    slots_ = heap_slots_.data();
    capacity_ = heap_slots_.size();
  }

  Slot inline_slots_[2 * kInline] = {};
  Key inline_keys_[kInline];
  std::vector<Slot> heap_slots_;
  std::vector<Key> heap_keys_;
  Slot* slots_ = inline_slots_;
  Key* keys_ = inline_keys_;
  std::size_t capacity_ = 2 * kInline;  // slots, a power of two
  std::size_t key_capacity_ = kInline;  // room in keys_
  std::size_t size_ = 0;
};

}  // namespace kiln::detail::graph
