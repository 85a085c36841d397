#include "kiln/base/error.hpp"

namespace kiln {

const char* error_code_name(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::kOk:
      return "ok";
    case ErrorCode::kTruncated:
      return "truncated input";
    case ErrorCode::kBadMagic:
      return "not a Kiln message";
    case ErrorCode::kBadVersion:
      return "unsupported format version";
    case ErrorCode::kBadFlags:
      return "unsupported header flags";
    case ErrorCode::kSchemaMismatch:
      return "schema mismatch";
    case ErrorCode::kVarintOverflow:
      return "varint overflow";
    case ErrorCode::kValueOutOfRange:
      return "value out of range";
    case ErrorCode::kBadBool:
      return "invalid bool";
    case ErrorCode::kBadUtf8:
      return "invalid UTF-8";
    case ErrorCode::kLengthTooLarge:
      return "length too large";
    case ErrorCode::kBadVariantIndex:
      return "invalid variant index";
    case ErrorCode::kBadOptionalTag:
      return "invalid optional tag";
    case ErrorCode::kDuplicateKey:
      return "duplicate key";
    case ErrorCode::kDepthExceeded:
      return "nesting too deep";
    case ErrorCode::kTrailingBytes:
      return "trailing bytes";
    case ErrorCode::kBadReference:
      return "invalid reference";
    case ErrorCode::kUnknownType:
      return "unknown type";
    case ErrorCode::kDuplicateType:
      return "duplicate type registration";
    case ErrorCode::kUnregisteredType:
      return "unregistered type";
    case ErrorCode::kBadTag:
      return "invalid value tag";
    case ErrorCode::kAllocationLimit:
      return "allocation limit exceeded";
    case ErrorCode::kBadTypeTable:
      return "invalid type table";
    case ErrorCode::kUnsupportedOption:
      return "unsupported option";
    case ErrorCode::kCycle:
      return "cycle without reference tracking";
  }
  return "unknown error";
}

std::string Error::message() const {
  std::string m = error_code_name(code);
  m += " at byte ";
  m += std::to_string(offset);
  if (!detail.empty()) {
    m += ": ";
    m += detail;
  }
  return m;
}

}  // namespace kiln
