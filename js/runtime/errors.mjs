// KilnError: every failure Kiln reports in JavaScript. Decode errors carry the byte offset where
// the problem was found and the same code the C++ core reports for the same input.
//
// One class per JS realm: the ES modules, the CommonJS bundle and the single-file build of the
// package (and of packages built from user types) may all be loaded in one process, through
// `import` and `require`, and `instanceof KilnError` must hold across them. The first copy loaded
// registers its class under a global symbol; every later copy uses that class.
const REGISTRY = Symbol.for('kiln-sdk.KilnError');

export const KilnError = sharedKilnError();

function sharedKilnError() {
  const existing = globalThis[REGISTRY];
  if (typeof existing === 'function' && existing.prototype instanceof Error) return existing;
  class KilnError extends Error {
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
  try {
    Object.defineProperty(globalThis, REGISTRY, { value: KilnError }); // read-only, not enumerable
  } catch {
    // A frozen global object: this copy keeps its own class.
  }
  return KilnError;
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
  Cycle: 'cycle without reference tracking',
};

// The C++ ErrorCode enum order, for codes that cross the wasm boundary as numbers.
export const CODES_BY_NUMBER = [
  'Ok', 'Truncated', 'BadMagic', 'BadVersion', 'BadFlags', 'SchemaMismatch', 'VarintOverflow',
  'ValueOutOfRange', 'BadBool', 'BadUtf8', 'LengthTooLarge', 'BadVariantIndex', 'BadOptionalTag',
  'DuplicateKey', 'DepthExceeded', 'TrailingBytes', 'BadReference', 'UnknownType',
  'DuplicateType', 'UnregisteredType', 'BadTag', 'AllocationLimit', 'BadTypeTable', 'UnsupportedOption',
  'Cycle',
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

/** Throws for an option not in `known`: a misspelt or unsupported option is never ignored. */
export function checkOptions(options, known, what) {
  if (typeof options !== 'object' || options === null) invalid(what, 'an object', options);
  for (const k of Object.keys(options)) {
    if (!known.has(k)) {
      throw new KilnError('InvalidArgument', `${what}: unknown option '${k}' (known: ${[...known].join(', ')})`);
    }
  }
}
