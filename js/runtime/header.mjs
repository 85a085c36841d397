// The message header (docs/FORMAT.md section 3): magic, format version, flags and, unless flag
// bit 4 says the writer left it out, the root type's 4-byte schema fingerprint. The constants are
// the C++ core's (tests/js/constants.test.mjs compares them).
export const MAGIC = 0x4b;
export const VERSION = 1;
export const HEADER_BYTES = 7;
export const SHORT_HEADER_BYTES = 3;

export const FLAG_COMPRESS_NUMBERS = 0x01;
export const FLAG_REFERENCE_TRACKING = 0x02;
export const FLAG_COMPATIBLE = 0x04;
export const FLAG_SHARE_STRINGS = 0x08;
export const FLAG_NO_FINGERPRINT = 0x10;

/** The flags byte for a codec's options (also the agreed flags of a message without a header). */
export function optionFlags({
  compressNumbers = false, trackReferences = false, shareStrings = false, fingerprint = true, header = true,
  compatible = false,
} = {}) {
  return (compressNumbers ? FLAG_COMPRESS_NUMBERS : 0) |
    (compatible ? FLAG_COMPATIBLE : 0) |
    (trackReferences ? FLAG_REFERENCE_TRACKING : 0) |
    (shareStrings ? FLAG_SHARE_STRINGS : 0) |
    (fingerprint && header ? 0 : FLAG_NO_FINGERPRINT);
}

export const hex32 = (v) => '0x' + (v >>> 0).toString(16).padStart(8, '0');

/** Writes the header at w.pos; the fingerprint is left out when flags has FLAG_NO_FINGERPRINT. */
export function writeHeader(w, flags, fingerprint) {
  w.ensure(HEADER_BYTES);
  const p = w.pos;
  w.buf[p] = MAGIC;
  w.buf[p + 1] = VERSION;
  w.buf[p + 2] = flags;
  if (flags & FLAG_NO_FINGERPRINT) {
    w.pos = p + SHORT_HEADER_BYTES;
  } else {
    w.view.setUint32(p + 3, fingerprint, true);
    w.pos = p + HEADER_BYTES;
  }
}

/**
 * Checks the header at offset 0 and moves r past it; returns the flags. Fails (with the offset,
 * as the C++ reader does) on a bad magic or version, a flag outside `supported`, a missing
 * compatible flag when `needsTable`, or a fingerprint other than `fingerprint` (null: any).
 */
export function readHeader(r, supported, fingerprint, typeName, needsTable = false) {
  r.need(SHORT_HEADER_BYTES, 'message header');
  const b = r.buf;
  if (b[0] !== MAGIC) r.fail('BadMagic', `first byte is ${b[0]}, expected 75 ('K')`, 0);
  if (b[1] !== VERSION) {
    r.fail('BadVersion', `message has format version ${b[1]}, this reader reads 1`, 1);
  }
  const flags = b[2];
  if (flags & ~supported) {
    r.fail('BadFlags', `flags byte ${flags} has bits this reader does not support`, 2);
  }
  if (needsTable && !(flags & FLAG_COMPATIBLE)) {
    r.fail('BadFlags', `flags byte ${flags}: a schema-consistent message has no type table to read it by`, 2);
  }
  if (flags & FLAG_NO_FINGERPRINT) {
    r.pos = SHORT_HEADER_BYTES;
    return flags;
  }
  r.need(HEADER_BYTES, 'message header');
  const got = r.view.getUint32(3, true);
  // In compatible mode the type table decides; the fingerprint is the writer's, for information.
  if (fingerprint !== null && !(flags & FLAG_COMPATIBLE) && got !== fingerprint) {
    r.fail('SchemaMismatch',
      `message schema fingerprint is ${hex32(got)} but ${typeName} has ${hex32(fingerprint)}`, 3);
  }
  r.pos = HEADER_BYTES;
  return flags;
}
