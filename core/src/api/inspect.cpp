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
  const bool compress = flags & detail::wire::kFlagCompressNumbers;
  // A message without a fingerprint says so with null.
  char fingerprint[13] = "null";
  if (!(flags & detail::wire::kFlagNoFingerprint))
    std::snprintf(fingerprint, sizeof fingerprint, "\"0x%08x\"",
                  detail::io::load_le<std::uint32_t>(message.data() + 3));

  detail::evolve::TypeTable t;
  if (!detail::evolve::parse_type_table(r, t)) return r.take_error();
  // Strings shared by index (bit 3) are numbered as the decoder numbers them. Reference tracking
  // (bit 1) changes nothing here: compatible mode has no pointer fields.
  detail::graph::ReadContext graph;
  graph.share_strings = (flags & detail::wire::kFlagShareStrings) != 0;
  if (graph.share_strings) r.set_graph(&graph);
  std::string json = "{\"fingerprint\":";
  json += fingerprint;
  json += compress ? ",\"compressed_numbers\":true,\"types\":["
                   : ",\"compressed_numbers\":false,\"types\":[";
  for (std::size_t k = 0; k < t.types.size(); ++k) {
    const detail::evolve::WireType& type = t.types[k];
    if (k) json += ',';
    json += "{\"name\":";
    detail::evolve::append_json_string(json, type.name);
    json += ",\"fields\":[";
    for (std::uint32_t i = 0; i < type.field_count; ++i) {
      const detail::evolve::WireField& f = t.fields[type.first_field + i];
      if (i) json += ',';
      json += "{\"name\":";
      detail::evolve::append_json_string(json, f.name);
      json += ",\"id\":" + std::to_string(f.id) + ",\"type\":";
      detail::evolve::append_json_string(json, detail::evolve::type_text(t, f.type));
      json += '}';
    }
    json += "]}";
  }
  json += "],\"root\":";
  detail::evolve::append_json_string(json, detail::evolve::type_text(t, t.root));
  json += ",\"value\":";
  std::size_t budget = detail::evolve::walk_budget(r.remaining());
  if (!detail::evolve::walk_value(r, t, t.root, compress, &json, budget)) return r.take_error();
  if (r.remaining() != 0) {
    r.fail(ErrorCode::kTrailingBytes,
           std::to_string(r.remaining()) + " bytes left after the root value");
    return r.take_error();
  }
  json += '}';
  return json;
}

}  // namespace kiln
