// The generic-value encoding (docs/FORMAT.md section 9): a tag per value, so its bytes do not
// depend on the number mode. Compiled once (read.cpp, write.cpp), shared by Serializer<kiln::Value>
// and by compatible mode's walker, which reads a kiln::Value field it skips or prints.
#pragma once

#include "kiln/detail/io/writer.hpp"
#include "kiln/detail/ser/reader.hpp"
#include "kiln/detail/value/value.hpp"

namespace kiln::detail::value_io {

// Writes v. With track_references, a container met again is written as a back-reference; without,
// containers are written as copies, except the back-edge of a cycle (see docs/FORMAT.md 9.7).
void write(io::Writer& w, const Value& v, bool track_references);
// Reads one value, its containers numbered from 0; back-references are accepted only when
// references are tracked.
bool read(Reader& r, Value& v, bool track_references);

}  // namespace kiln::detail::value_io
