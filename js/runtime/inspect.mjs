// inspect(bytes): prints a compatible-mode message as JSON without its types, exactly as the
// native kiln-inspect does (docs/FORMAT.md section 10.6). Mirrors core/kiln/detail/evolve/type_table.cpp
// and inspect.cpp: the same checks, error codes and offsets.
import { Reader, DEFAULT_LIMITS, allocBudget } from './reader.mjs';
import { Walker, parseTable, walkBudget } from './type_table.mjs';
import {
  FLAG_COMPATIBLE, FLAG_COMPRESS_NUMBERS, FLAG_NO_FINGERPRINT, FLAG_REFERENCE_TRACKING, FLAG_SHARE_STRINGS, hex32, readHeader,
} from './header.mjs';

export { fieldIdOf } from './field_id.mjs';

const SUPPORTED_FLAGS =
  FLAG_COMPRESS_NUMBERS | FLAG_REFERENCE_TRACKING | FLAG_COMPATIBLE | FLAG_SHARE_STRINGS | FLAG_NO_FINGERPRINT;

/**
 * The compatible-mode message `bytes` as one line of JSON (no trailing newline): the header's
 * fingerprint and number mode, the type table, the root type and the value.
 * Throws KilnError on a schema-consistent message or malformed input.
 * @param {Uint8Array} bytes
 * @param {typeof DEFAULT_LIMITS} [limits]
 * @returns {string}
 */
export function inspect(bytes, limits = DEFAULT_LIMITS) {
  const all = { ...DEFAULT_LIMITS, ...limits };
  const r = new Reader(bytes, all);
  const flags = readHeader(r, SUPPORTED_FLAGS, null, '', true);
  const compress = (flags & FLAG_COMPRESS_NUMBERS) !== 0;
  // A message without a fingerprint says so with null.
  const fingerprint = flags & FLAG_NO_FINGERPRINT ? 'null' : `"${hex32(r.view.getUint32(3, true))}"`;
  const table = parseTable(r);
  // Strings shared by index (bit 3) are numbered as the decoders number them; reference tracking
  // (bit 1) allows back-references inside generic values (kiln::Value fields).
  r.setGraph((flags & FLAG_REFERENCE_TRACKING) !== 0, (flags & FLAG_SHARE_STRINGS) !== 0);
  // The names and strings printed, from the table and the value, are charged to the message's
  // allocation budget, as in C++; the table's at the value's first byte. Only the table written
  // before the value is listed here: polymorphic objects list the types they add (FORMAT.md 10.6).
  const valueAt = r.pos;
  const walker = new Walker(r, table, compress, walkBudget(r.end - r.pos), allocBudget(all, bytes.length));
  const types = walker.typesJson(0, valueAt);
  const root = walker.typeJson(table.root, valueAt);
  const value = walker.value(table.root);
  if (r.pos !== r.end) r.fail('TrailingBytes', `${r.end - r.pos} bytes left after the root value`);
  return `{"fingerprint":${fingerprint},"compressed_numbers":${compress},"types":${types},` +
    `"root":${root},"value":${value}}`;
}
