// Decode errors: what went wrong and at which byte offset. No exceptions needed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace kiln {

enum class ErrorCode : std::uint8_t {
  kOk = 0,
  kTruncated,          // input ended before a value was complete, or before the bytes a length
                       // prefix announces: every cut-short message gives this code
  kBadMagic,           // not a Kiln message
  kBadVersion,         // a format version this reader cannot read
  kBadFlags,           // reserved or unsupported header flags set
  kSchemaMismatch,     // schema fingerprint differs from the reader's type
  kVarintOverflow,     // varint longer than its type allows
  kValueOutOfRange,    // a decoded number does not fit its field
  kBadBool,            // a bool byte other than 0 or 1
  kBadUtf8,            // string bytes are not valid UTF-8
  kLengthTooLarge,     // a length prefix exceeds a configured limit
  kBadVariantIndex,    // variant alternative index out of range
  kBadOptionalTag,     // optional presence byte other than 0 or 1
  kDuplicateKey,       // a set or map repeats a key
  kDepthExceeded,      // nesting deeper than the configured limit
  kTrailingBytes,      // bytes left over after the root value
  kBadReference,       // a back-reference out of range, of the wrong type, or not allowed here
  kUnknownType,        // a polymorphic type tag not registered for the pointer's base type
  kDuplicateType,      // registering a type id, name or type a second time
  kUnregisteredType,   // writing a polymorphic object whose type is not registered
  kBadTag,             // a generic value's tag byte names no kind
  kAllocationLimit,    // the message would make the decoder allocate more than its budget
  kBadTypeTable,       // compatible mode: a malformed type table or type descriptor
  kUnsupportedOption,  // writing: the codec's options ask for what the root type cannot do
  kCycle,              // writing: a generic value contains itself, without reference tracking
};

// Short stable name of an error code, e.g. "truncated".
const char* error_code_name(ErrorCode code) noexcept;

struct Error {
  ErrorCode code = ErrorCode::kOk;
  std::size_t offset = 0;  // byte offset in the message where the problem was found
  std::string detail;      // what was being read, expected vs found

  // "<code name> at byte <offset>: <detail>"
  std::string message() const;
};

}  // namespace kiln
