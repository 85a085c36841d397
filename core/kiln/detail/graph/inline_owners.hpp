// InlineOwners: which shared objects a value about to be decoded into owns alone.
//
// deserialize_into writes a new object into the one its pointer held before, keeping the storage
// of its strings and containers, only when nothing outside the value can see the change. One
// pointer shows that by use_count() == 1. An object held by two fields of the value (TestClass's
// m_object1 and m_object2) shows 2, which could as well be one field and the caller. Counting the
// value's own pointers to each object before the read tells the two apart: an object with as many
// owners in the value as use_count() has none outside it.
//
// Only pointers the read overwrites are counted: struct fields, bases, std::array and optional
// elements, not objects behind other pointers nor containers whose size the message sets. Not
// counting a pointer can only make an object look shared and be allocated afresh, as before.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

#include "kiln/detail/reflect/fields.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/traits.hpp"

namespace kiln::detail::graph {

class InlineOwners {
 public:
  // Objects followed per message; pointers to further objects are not counted.
  static constexpr std::size_t kMax = 8;

  template <class U>
  void add(const std::shared_ptr<U>& p) {
    if (!p) return;
    if (Entry* e = find(p)) {
      ++e->owners;
      return;
    }
    if (size_ == kMax) return;
    entries_[size_++] = Entry{std::weak_ptr<const void>(p), p.use_count(), 1, false};
  }

  // Whether a new object may be read into p's: every owner of p's object is a counted pointer
  // and no other new object took it yet. Marks it taken.
  template <class U>
  bool take(const std::shared_ptr<U>& p) {
    Entry* e = find(p);
    if (e == nullptr || e->taken || e->owners != e->use_count) return false;
    e->taken = true;
    return true;
  }

 private:
  struct Entry {
    std::weak_ptr<const void> object;  // weak: counting must not change use_count()
    long use_count = 0;
    long owners = 0;  // counted pointers to it
    bool taken = false;
  };
  // Same control block: aliasing pointers to one address may have different owners.
  template <class U>
  Entry* find(const std::shared_ptr<U>& p) {
    for (std::size_t i = 0; i < size_; ++i) {
      const std::weak_ptr<const void>& o = entries_[i].object;
      if (!o.owner_before(p) && !p.owner_before(o)) return &entries_[i];
    }
    return nullptr;
  }

  std::array<Entry, kMax> entries_;
  std::size_t size_ = 0;
};

namespace detail {

using namespace ::kiln::detail;

template <class T>
concept WrittenAsStruct = requires {
  typename Serializer<T>::reflected_struct;
};

template <class T, int Depth>
constexpr bool has_inline_shared() {
  if constexpr (Depth > 8) {
    return false;  // not counted: safe, see above
  } else if constexpr (is_instance_v<T, std::shared_ptr>) {
    return true;
  } else if constexpr (is_std_array<T>::value || is_instance_v<T, std::optional>) {
    return has_inline_shared<typename T::value_type, Depth + 1>();
  } else if constexpr (WrittenAsStruct<T>) {
    const bool fields = []<std::size_t... I>(std::index_sequence<I...>) {
      return (false || ... || has_inline_shared<reflect::field_type<T, I>, Depth + 1>());
    }
    (std::make_index_sequence<reflect::field_count<T>>{});
    const bool bases = []<class... B>(std::tuple<B...>*) {
      return (false || ... || has_inline_shared<B, Depth + 1>());
    }(static_cast<reflect::bases_of<T>*>(nullptr));
    return fields || bases;
  } else {
    return false;
  }
}

template <int Depth, class T>
void count(const T& v, InlineOwners& owners) {
  if constexpr (!has_inline_shared<T, Depth>()) {
    return;
  } else if constexpr (is_instance_v<T, std::shared_ptr>) {
    owners.add(v);
  } else if constexpr (is_std_array<T>::value) {
    for (const auto& e : v) count<Depth + 1>(e, owners);
  } else if constexpr (is_instance_v<T, std::optional>) {
    if (v) count<Depth + 1>(*v, owners);
  } else {
    [&]<class... B>(std::tuple<B...>*) {
      (count<Depth + 1>(static_cast<const B&>(v), owners), ...);
    }(static_cast<reflect::bases_of<T>*>(nullptr));
    reflect::for_each_index<T>(
        [&](auto I) { count<Depth + 1>(reflect::get_field<decltype(I)::value>(v), owners); });
  }
}

}  // namespace detail

// Whether T holds shared_ptrs that count_inline_owners counts.
template <class T>
inline constexpr bool has_inline_shared = detail::has_inline_shared<T, 0>();

template <class T>
void count_inline_owners(const T& value, InlineOwners& owners) {
  detail::count<0>(value, owners);
}

}  // namespace kiln::detail::graph
