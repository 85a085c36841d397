// Result<T>: a value or an Error. Status: success or an Error.
#pragma once

#include <cassert>
#include <utility>
#include <variant>

#include "kiln/error.hpp"

namespace kiln {

class Status {
 public:
  Status() = default;
  explicit Status(Error e) : error_(std::move(e)) {}
  bool ok() const noexcept { return error_.code == ErrorCode::kOk; }
  explicit operator bool() const noexcept { return ok(); }
  const Error& error() const noexcept { return error_; }

 private:
  Error error_;
};

template <class T>
class Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  bool ok() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }

  T& value() & {
    assert(ok());
    return *std::get_if<0>(&v_);
  }
  const T& value() const& {
    assert(ok());
    return *std::get_if<0>(&v_);
  }
  T&& value() && {
    assert(ok());
    return std::move(*std::get_if<0>(&v_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const {
    assert(!ok());
    return *std::get_if<1>(&v_);
  }

 private:
  std::variant<T, Error> v_;
};

}  // namespace kiln
