// KilnError: every failure Kiln reports in JavaScript. Decode errors carry the byte offset where
// the problem was found and the same code the C++ core reports for the same input.
export class KilnError extends Error {
  /**
   * @param {string} code   e.g. 'Truncated', 'SchemaMismatch', 'InvalidArgument'
   * @param {string} detail what was expected and what was found
   * @param {number|null} offset byte offset in the message, or null for encode errors
   */
  constructor(code, detail, offset = null) {
    super(offset === null ? detail : `${CODE_NAMES[code] ?? code} at byte ${offset}: ${detail}`);
    this.name = 'KilnError';
    this.code = code;
    this.offset = offset;
    this.detail = detail;
  }
}

// The C++ core's error_code_name() texts, so messages read the same on both sides
// (tests/js/constants.test.mjs compares them, and CODES_BY_NUMBER, with the core's).
export const CODE_NAMES = {
  Truncated: 'truncated input',
  BadMagic: 'not a Kiln message',
  BadVersion: 'unsupported format version',
  BadFlags: 'unsupported header flags',
  SchemaMismatch: 'schema mismatch',
  VarintOverflow: 'varint overflow',
  ValueOutOfRange: 'value out of range',
  BadBool: 'invalid bool',
  BadUtf8: 'invalid UTF-8',
  LengthTooLarge: 'length too large',
  BadVariantIndex: 'invalid variant index',
  BadOptionalTag: 'invalid optional tag',
  DuplicateKey: 'duplicate key',
  DepthExceeded: 'nesting too deep',
  TrailingBytes: 'trailing bytes',
  BadReference: 'invalid reference',
  UnknownType: 'unknown type',
  DuplicateType: 'duplicate type registration',
  UnregisteredType: 'unregistered type',
  BadTag: 'invalid value tag',
  AllocationLimit: 'allocation limit exceeded',
  BadTypeTable: 'invalid type table',
  UnsupportedOption: 'unsupported option',
};

// The C++ ErrorCode enum order, for codes that cross the wasm boundary as numbers.
export const CODES_BY_NUMBER = [
  'Ok', 'Truncated', 'BadMagic', 'BadVersion', 'BadFlags', 'SchemaMismatch', 'VarintOverflow',
  'ValueOutOfRange', 'BadBool', 'BadUtf8', 'LengthTooLarge', 'BadVariantIndex', 'BadOptionalTag',
  'DuplicateKey', 'DepthExceeded', 'TrailingBytes', 'BadReference', 'UnknownType',
  'DuplicateType', 'UnregisteredType', 'BadTag', 'AllocationLimit', 'BadTypeTable', 'UnsupportedOption',
];

function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length > 20 ? 'a string' : `the string ${JSON.stringify(v)}`;
  if (typeof v === 'number' || typeof v === 'bigint') return `${typeof v} ${String(v)}`;
  return typeof v === 'object' ? `an object (${v.constructor?.name ?? 'no prototype'})` : typeof v;
}

/** Throws the encode-side error for a value that does not fit its field. */
export function invalid(path, expected, value) {
  throw new KilnError('InvalidArgument', `${path}: expected ${expected}, got ${describe(value)}`);
}
