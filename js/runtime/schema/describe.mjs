// A schema's compatible-mode type table (docs/FORMAT.md 10.2-10.3): the bytes a writer puts after
// the header, built once per root type, byte for byte the table the C++ type of the same shape
// writes (core/kiln/detail/evolve/describe.hpp): structs numbered as first met, the root
// descriptor first, then each entry's fields in order.
import { DEFAULT_LIMITS, Reader } from '../reader.mjs';
import { parseTable } from '../type_table.mjs';

const MAX_TYPES = 128; // as the C++ builder: a root type with more structs has no table

export class TableBuilder {
  constructor() {
    this.bytes = [];
    this.ok = true; // false when some type has no description (pointers)
    this.structs = [];
  }
  byte(b) {
    this.bytes.push(b);
  }
  varint(v) {
    while (v >= 0x80) {
      this.bytes.push((v & 0x7f) | 0x80);
      v = Math.floor(v / 128);
    }
    this.bytes.push(v);
  }
  /** An ASCII name (wire names and field names are ASCII identifiers). */
  str(s) {
    this.varint(s.length);
    for (let i = 0; i < s.length; i++) this.bytes.push(s.charCodeAt(i));
  }
  /** The table index of struct s, numbering it when first met. */
  ref(s) {
    const i = this.structs.indexOf(s);
    if (i >= 0) return i;
    if (this.structs.length === MAX_TYPES) {
      this.ok = false;
      return 0;
    }
    this.structs.push(s);
    return this.structs.length - 1;
  }
}

/** { bytes, structs, parsed } of root schema `root`, or null when it cannot travel in compatible
 *  mode. `structs[k]` is the schema of the table's k-th type; `parsed` the table as parseTable
 *  reads it (what a reader binds a message's table against). */
export function typeTable(root) {
  // A generic value at the root describes itself already (FORMAT.md 10.5), as in C++.
  if (root.selfDescribing) return null;
  const found = new TableBuilder();
  root.describe(found);
  for (let i = 0; i < found.structs.length; i++) found.structs[i].describeFields(found);
  if (!found.ok) return null;
  const b = new TableBuilder();
  b.structs = found.structs;
  b.varint(found.structs.length);
  for (const s of found.structs) s.describeFields(b);
  root.describe(b);
  const bytes = Uint8Array.from(b.bytes);
  // Parsed by a reader of its own: this may run while a message is being decoded.
  return { bytes, structs: found.structs, parsed: parseTable(new Reader(bytes, DEFAULT_LIMITS, false, false, true)) };
}
