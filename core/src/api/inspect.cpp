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
  auto print_text = [&](std::string& json, const std::uint8_t* type) {
    std::string text;
    if (!detail::evolve::append_type_text(text, t, type, print_left)) return false;
    print_left -= text.size();
    detail::evolve::append_json_string(json, text);
    return true;
  };
  auto print_name = [&](std::string& json, std::string_view name) {
    if (name.size() > print_left) return false;
    print_left -= name.size();
    detail::evolve::append_json_string(json, name);
    return true;
  };
  std::string json = "{\"fingerprint\":";
  json += fingerprint;
  json += compress ? ",\"compressed_numbers\":true,\"types\":["
                   : ",\"compressed_numbers\":false,\"types\":[";
  for (std::size_t k = 0; k < t.types.size(); ++k) {
    const detail::evolve::WireType& type = t.types[k];
    if (k) json += ',';
    json += "{\"name\":";
    if (!print_name(json, type.name)) return over_budget();
    json += ",\"fields\":[";
    for (std::uint32_t i = 0; i < type.field_count; ++i) {
      const detail::evolve::WireField& f = t.fields[type.first_field + i];
      if (i) json += ',';
      json += "{\"name\":";
      if (!print_name(json, f.name)) return over_budget();
      json += ",\"id\":" + std::to_string(f.id) + ",\"type\":";
      if (!print_text(json, f.type)) return over_budget();
      json += '}';
    }
    json += "]}";
  }
  json += "],\"root\":";
  if (!print_text(json, t.root)) return over_budget();
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
