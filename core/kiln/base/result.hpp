// Result<T>: a value or an Error, shaped like std::expected<T, Error>. Status = Result<void>:
// success or an Error. Both are [[nodiscard]]: a call whose result is dropped does not compile
// under -Werror.
//
//   has_value(), explicit operator bool   true on success (ok() says the same)
//   value(), operator*, operator->        the value; precondition: has_value()
//   value_or(fallback)                    the value, or fallback on error
//   error()                               the Error; on success an Error whose code is kOk, so
//                                         error().message() and error().code are always safe
//
// Decoders build a Result<T> in place with the detail::DefaultInit / detail::ValueInit
// constructor: the value is constructed inside the Result, fill(value) decodes into it, and a
// failed fill leaves the Result holding its error. The value is never copied or moved.
#pragma once

#include <cassert>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include "kiln/base/error.hpp"
#include "kiln/base/inline.hpp"

#if defined(__EMSCRIPTEN__)
#define KILN_TRIVIAL_ABI [[clang::trivial_abi]]
#else
#define KILN_TRIVIAL_ABI
#endif

namespace kiln {

namespace detail {
// What error() returns on success.
inline const Error kNoError{};
// Select Result<T>'s in-place constructor: T's default-initialisation (a trivial T is left
// unwritten, for a decoder that writes every byte of it) or its value-initialisation.
struct DefaultInit {};
struct ValueInit {};
}  // namespace detail

template <class T>
class [[nodiscard]] Result;

// Status is one pointer, null on success: cheap to make, test and destroy on the path where
// nothing went wrong. In wasm a class returned by value goes through the caller's stack frame in
// linear memory unless it is trivial for calls; with clang's trivial_abi, Status comes back in a
// register, and a small struct's whole decode needs no frame. (Only em++ gets the attribute:
// natively a library and its users may be built by different compilers, which must agree on how
// Status is passed.)
template <>
class [[nodiscard]] KILN_TRIVIAL_ABI Result<void> {
 public:
  using value_type = void;

  Result() noexcept = default;
  Result(Error e) : error_(new Error(std::move(e))) {}  // NOLINT: implicit, as for Result<T>
  Result(Result&& o) noexcept : error_(std::exchange(o.error_, nullptr)) {}
  Result(const Result& o) : error_(o.error_ ? new Error(*o.error_) : nullptr) {}
  Result& operator=(Result o) noexcept {
    std::swap(error_, o.error_);
    return *this;
  }
  ~Result() { delete error_; }

  bool has_value() const noexcept { return error_ == nullptr; }
  bool ok() const noexcept { return has_value(); }
  explicit operator bool() const noexcept { return has_value(); }
  void value() const noexcept { assert(has_value()); }
  const Error& error() const noexcept { return error_ ? *error_ : detail::kNoError; }

 private:
  Error* error_ = nullptr;
};

using Status = Result<void>;

// The value lives in place; an error is one pointer (null while there is a value), so a
// Result<T> is barely larger than T and costs no allocation on success.
template <class T>
class [[nodiscard]] Result {
  static_assert(!std::is_reference_v<T> && !std::is_same_v<std::remove_cv_t<T>, Error>,
                "Result<T> holds a value type other than Error");

 public:
  using value_type = T;

  Result(const T& value) : error_(nullptr) {  // NOLINT: implicit, as for std::expected
    std::construct_at(&value_, value);
  }
  Result(T&& value) : error_(nullptr) {  // NOLINT
    std::construct_at(&value_, std::move(value));
  }
  Result(Error error) : error_(new Error(std::move(error))) {}  // NOLINT
  // A failed Status as a failed Result<T>; precondition: !s.has_value().
  Result(const Status& s) : Result(s.error()) { assert(!s.has_value()); }  // NOLINT

  // In place (see the top of this file): fill is called as `Status fill(T&)`. Inlined with it: in
  // wasm a call taking the fill by reference would keep its captures in linear memory.
  template <class Init, class Fill>
  requires(std::is_same_v<Init, detail::DefaultInit> ||
           std::is_same_v<Init, detail::ValueInit>) KILN_INLINE Result(Init, Fill&& fill)
      : error_(nullptr) {
    if constexpr (std::is_same_v<Init, detail::DefaultInit>)
      ::new (static_cast<void*>(std::addressof(value_))) T;
    else
      ::new (static_cast<void*>(std::addressof(value_))) T();
    // Destroys the value unless fill succeeds (fill may throw, e.g. std::bad_alloc).
    struct Guard {
      T* value;
      ~Guard() {
        if (value) std::destroy_at(value);
      }
    } guard{std::addressof(value_)};
    Status s = std::forward<Fill>(fill)(value_);
    if (s) [[likely]] {
      guard.value = nullptr;
      return;
    }
    error_ = new Error(s.error());
  }

  // Moving a failed Result copies its error (the moved-from one keeps a valid, emptied Error):
  // an allocation on the error path only.
  Result(Result&& o) noexcept(std::is_nothrow_move_constructible_v<T>)
      : error_(o.error_ ? new Error(std::move(*o.error_)) : nullptr) {
    if (!error_) std::construct_at(&value_, std::move(o.value_));
  }
  Result(const Result& o) : error_(o.error_ ? new Error(*o.error_) : nullptr) {
    if (!error_) std::construct_at(&value_, o.value_);
  }
  Result& operator=(Result o) noexcept(std::is_nothrow_move_constructible_v<T>) {
    if (this != &o) {
      this->~Result();
      std::construct_at(this, std::move(o));
    }
    return *this;
  }
  ~Result() {
    if (error_)
      delete error_;
    else
      std::destroy_at(&value_);
  }

  bool has_value() const noexcept { return error_ == nullptr; }
  bool ok() const noexcept { return has_value(); }
  explicit operator bool() const noexcept { return has_value(); }

  T& value() & noexcept {
    assert(has_value());
    return value_;
  }
  const T& value() const& noexcept {
    assert(has_value());
    return value_;
  }
  T&& value() && noexcept {
    assert(has_value());
    return std::move(value_);
  }
  T& operator*() & noexcept { return value(); }
  const T& operator*() const& noexcept { return value(); }
  T&& operator*() && noexcept { return std::move(*this).value(); }
  T* operator->() noexcept { return &value(); }
  const T* operator->() const noexcept { return &value(); }

  template <class U>
  T value_or(U&& fallback) const& {
    return has_value() ? value_ : static_cast<T>(std::forward<U>(fallback));
  }
  template <class U>
  T value_or(U&& fallback) && {
    return has_value() ? std::move(value_) : static_cast<T>(std::forward<U>(fallback));
  }

  const Error& error() const noexcept { return error_ ? *error_ : detail::kNoError; }

 private:
  union {
    T value_;
  };
  Error* error_;
};

}  // namespace kiln
