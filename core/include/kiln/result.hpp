// Result<T>: a value or an Error. Status: success or an Error.
#pragma once

#include <cassert>
#include <utility>
#include <variant>

#include "kiln/error.hpp"

#if defined(__EMSCRIPTEN__)
#define KILN_TRIVIAL_ABI [[clang::trivial_abi]]
#else
#define KILN_TRIVIAL_ABI
#endif

namespace kiln {

// One pointer, null on success: cheap to make, test and destroy on the path where nothing went
// wrong. In wasm a class returned by value goes through the caller's stack frame in linear memory
// unless it is trivial for calls; with clang's trivial_abi, Status comes back in a register, and
// a small struct's whole decode needs no frame. (Only em++ gets the attribute: natively a library
// and its users may be built by different compilers, which must agree on how Status is passed.)
class KILN_TRIVIAL_ABI Status {
 public:
  Status() noexcept = default;
  explicit Status(Error e) : error_(new Error(std::move(e))) {}
  Status(Status&& o) noexcept : error_(std::exchange(o.error_, nullptr)) {}
  Status(const Status& o) : error_(o.error_ ? new Error(*o.error_) : nullptr) {}
  Status& operator=(Status o) noexcept {
    std::swap(error_, o.error_);
    return *this;
  }
  ~Status() { delete error_; }

  bool ok() const noexcept { return error_ == nullptr; }
  explicit operator bool() const noexcept { return ok(); }
  // The error; on success, an Error whose code is kOk.
  const Error& error() const noexcept { return error_ ? *error_ : kNoError; }

 private:
  static inline const Error kNoError{};
  Error* error_ = nullptr;
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
