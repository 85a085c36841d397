// Reading a compatible-mode message whose type table differs from the reader's: each of the
// reader's structs is bound to one type of the message's table, and a Plan says, for each field
// the message carries, which of the reader's fields receives it (or that it is skipped), and which
// of the reader's fields the message lacks (they get their default value). Built once per message.
#pragma once

#include <cstdint>
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
  std::vector<Step> steps;             // in the message's field order
  std::vector<std::uint32_t> missing;  // the reader's fields the message lacks
  bool bound = false;
};

class ReadContext {
 public:
  // `local` is the reader's own table, whose i-th struct is the C++ type with tag `tags[i]`.
  ReadContext(const TypeTable& wire, const TypeTable& local, const void* const* tags,
              std::size_t value_size)
      : budget_(walk_budget(value_size)),
        wire_(wire),
        local_(local),
        tags_(tags),
        wire_to_local_(wire.types.size(), -1),
        plans_(local.types.size()) {}

  // Matches the message's root type against the reader's, binding every struct reachable
  // through matching fields. Fails (at the message offset of the field or root descriptor) when a
  // field's type changed incompatibly, naming the field.
  bool bind_root(Reader& r);

  // The plan for the C++ struct with tag `tag`, or null if the message does not carry it.
  const Plan* plan_for(const void* tag) const {
    for (std::size_t i = 0; i < plans_.size(); ++i)
      if (tags_[i] == tag) return plans_[i].bound ? &plans_[i] : nullptr;
    return nullptr;
  }
  const TypeTable& wire() const noexcept { return wire_; }
  // Shared by every skipped value of the message (see walk_value).
  std::size_t& skip_budget() const noexcept { return budget_; }

 private:
  bool match(Reader& r, const std::uint8_t* w, const std::uint8_t* l);
  bool bind(Reader& r, std::uint32_t wire_type, std::uint32_t local_type);

  mutable std::size_t budget_;
  const TypeTable& wire_;
  const TypeTable& local_;
  const void* const* tags_;
  std::vector<std::int32_t> wire_to_local_;
  std::vector<Plan> plans_;
};

}  // namespace kiln::detail::evolve
