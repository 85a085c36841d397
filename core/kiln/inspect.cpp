#include "kiln/inspect.hpp"

#include <cstdio>

#include "kiln/detail/evolve/json.hpp"
#include "kiln/detail/evolve/type_table.hpp"
#include "kiln/detail/graph/context.hpp"
#include "kiln/detail/wire/header.hpp"
#include "kiln/detail/wire/read_header.hpp"

namespace kiln {

Result<std::string> inspect(std::span<const std::uint8_t> message, const Limits& limits) {
  detail::Reader r(message.data(), message.size(), limits, true);
  std::uint8_t flags = 0;
  if (!detail::wire::read_header(
          r,
          detail::wire::HeaderCheck{.fingerprint = nullptr, .type_name = {}, .needs_table = true},
          flags))
    return r.take_error();
  r.set_flags(flags);  // reference tracking (bit 1) allows back-references in kiln::Value fields
  const bool compress = flags & detail::wire::kFlagCompressNumbers;
  // A message without a fingerprint says so with null.
  char fingerprint[13] = "null";
  if (!(flags & detail::wire::kFlagNoFingerprint))
    std::snprintf(fingerprint, sizeof fingerprint, "\"0x%08x\"",
                  detail::io::load_le<std::uint32_t>(message.data() + 3));

  detail::evolve::TypeTable t;
  if (!detail::evolve::parse_type_table(r, t)) return r.take_error();
  // Strings shared by index (bit 3) and, with reference tracking (bit 1), the objects of
  // pointers are numbered as the decoder numbers them.
  detail::graph::ReadContext graph;
  graph.share_strings = (flags & detail::wire::kFlagShareStrings) != 0;
  graph.track = (flags & detail::wire::kFlagReferenceTracking) != 0;
  r.set_graph(&graph);
  // The names and strings printed, from the table and the value, are charged to the message's
  // allocation budget (docs/FORMAT.md 10.6); the table's at the value's first byte.
  std::size_t print_left = limits.alloc_budget(message.size());
  const std::size_t value_at = r.offset();
  auto over_budget = [&] {
    r.fail_at(value_at, ErrorCode::kAllocationLimit,
              "the inspector's output would exceed its budget (" + std::to_string(print_left) +
                  " bytes of names and strings left)");
    return r.take_error();
  };
  std::string json = "{\"fingerprint\":";
  json += fingerprint;
  json += compress ? ",\"compressed_numbers\":true,\"types\":"
                   : ",\"compressed_numbers\":false,\"types\":";
  if (!detail::evolve::append_types_json(json, t, 0, print_left)) return over_budget();
  json += ",\"root\":";
  std::string root;
  if (!detail::evolve::append_type_text(root, t, t.root, print_left)) return over_budget();
  print_left -= root.size();
  detail::evolve::append_json_string(json, root);
  json += ",\"value\":";
  std::size_t budget = detail::evolve::walk_budget(r.remaining());
  if (!detail::evolve::walk_value(r, t, t.root, compress, &json, budget, &print_left))
    return r.take_error();
  if (r.remaining() != 0) {
    r.fail(ErrorCode::kTrailingBytes,
           std::to_string(r.remaining()) + " bytes left after the root value");
    return r.take_error();
  }
  json += '}';
  return json;
}

}  // namespace kiln
