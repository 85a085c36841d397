// Reading a compatible-mode message whose type table differs from the reader's: each of the
// reader's structs is bound to one type of the message's table, and a Plan says, for each field
// the message carries, which of the reader's fields receives it (or that it is skipped), and which
// of the reader's fields the message lacks (they get their default value). Built once per message,
// and grown by the derived types of polymorphic objects as the body names them (10.5).
#pragma once

#include <cstdint>
#include <deque>
#include <string_view>
#include <vector>

#include "kiln/detail/evolve/type_table.hpp"
#include "kiln/detail/ser/reader.hpp"

namespace kiln::detail::evolve {

struct Plan {
  struct Step {
    std::int32_t local;        // the reader's field index, or -1: skip a value of `type`
    const std::uint8_t* type;  // the field's descriptor in the message's table
  };
  const void* tag = nullptr;           // the reader's C++ type (type_tag<T>)
  std::vector<Step> steps;             // in the message's field order
  std::vector<std::uint32_t> missing;  // the reader's fields the message lacks
  bool bound = false;
};

// A reader type's own table (its root is struct 0 or its descriptor), whose i-th struct is the
// C++ type with tag `tags[i]`; `table` is null for a type without a description.
struct LocalTable {
  const TypeTable* table = nullptr;
  const void* const* tags = nullptr;
};

class ReadContext {
 public:
  ReadContext(TypeTable& wire, LocalTable local, std::size_t value_size)
      : budget_(walk_budget(value_size)), wire_(wire), local_(local) {}

  // Matches the message's root type against the reader's, binding every struct reachable
  // through matching fields. Fails (at the message offset of the field or root descriptor) when a
  // field's type changed incompatibly, naming the field.
  bool bind_root(Reader& r);

  // Binds message struct `wire_type`, a polymorphic object's type index read at `at`, to the C++
  // struct at the root of `local` (the derived type the registry named).
  bool bind_object(Reader& r, std::uint32_t wire_type, LocalTable local, std::size_t at);

  // The plan for the C++ struct with tag `tag`, or null if the message does not carry it.
  const Plan* plan_for(const void* tag) const {
    for (const Plan& p : plans_)
      if (p.tag == tag) return p.bound ? &p : nullptr;
    return nullptr;
  }
  TypeTable& wire() noexcept { return wire_; }
  // Shared by every skipped value of the message (see walk_value).
  std::size_t& skip_budget() noexcept { return budget_; }

 private:
  bool match(Reader& r, const std::uint8_t* w, const LocalTable& lt, const std::uint8_t* l);
  bool bind(Reader& r, std::uint32_t wire_type, const LocalTable& lt, std::uint32_t local_type,
            std::size_t at);
  Plan& plan_of(const void* tag);

  std::size_t budget_;
  TypeTable& wire_;
  LocalTable local_;
  std::vector<const void*> wire_to_local_;  // by message struct: the bound C++ type's tag
  std::deque<Plan> plans_;                  // a deque: binding adds plans while others are open
};

}  // namespace kiln::detail::evolve
