// Compile-time field names of aggregates, which Boost 1.81's PFR does not provide.
// The address of a field of a declared-but-never-defined object is a valid template argument;
// the compiler spells it out in __PRETTY_FUNCTION__, ending in the field's name.
#pragma once

#include <boost/pfr/core.hpp>
#include <boost/pfr/tuple_size.hpp>
#include <cstddef>
#include <string_view>

namespace kiln::detail::reflect::detail {

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wundefined-var-template"
// Types in an anonymous namespace: the object is never defined anywhere, by design.
#pragma clang diagnostic ignored "-Wundefined-internal"
#endif

// The object is declared through a wrapper class template: a variable of a type without linkage
// (a local class, or clang with a class in an anonymous namespace) cannot be declared extern and
// left undefined, but a member of a wrapper can be named this way.
template <class T>
struct FakeWrapper {
  const T value;
};
template <class T>
extern const FakeWrapper<T> fake_object;  // never defined: only its fields' addresses are taken

// clang 14 rejects a bare pointer to a subobject as a template argument, but accepts it as the
// member of a structural class.
template <class F>
struct FieldAddress {
  const F* p;
};

template <auto Address>
constexpr std::string_view pretty_name_of() {
  return __PRETTY_FUNCTION__;
}

// gcc: "... H = FieldAddress<int>{(& fake_object<Foo>.FakeWrapper<Foo>::value.Foo::f1)}; ...]"
// clang: "... H = {&fake_object.value.f1}]"
constexpr std::string_view name_from_pretty(std::string_view s) {
  std::size_t end = s.rfind('}');
  if (end == std::string_view::npos) return {};
  if (end > 0 && s[end - 1] == ')') --end;
  std::size_t begin = end;
  auto ident = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '$';
  };
  while (begin > 0 && ident(s[begin - 1])) --begin;
  return s.substr(begin, end - begin);
}

template <class T, std::size_t I>
constexpr std::string_view aggregate_field_name() {
  using F = boost::pfr::tuple_element_t<I, T>;
  return name_from_pretty(
      pretty_name_of<FieldAddress<F>{&boost::pfr::get<I>(fake_object<T>.value)}>());
}

#if defined(__clang__)
#pragma clang diagnostic pop
#endif

// The I-th name in a macro's stringized argument list "a, b ,c".
constexpr std::string_view nth_listed_name(std::string_view list, std::size_t i) {
  std::size_t pos = 0;
  for (std::size_t k = 0; k < i; ++k) pos = list.find(',', pos) + 1;
  std::size_t end = list.find(',', pos);
  if (end == std::string_view::npos) end = list.size();
  while (pos < end && (list[pos] == ' ' || list[pos] == '\n' || list[pos] == '\t')) ++pos;
  while (end > pos && (list[end - 1] == ' ' || list[end - 1] == '\n' || list[end - 1] == '\t'))
    --end;
  return list.substr(pos, end - pos);
}

}  // namespace kiln::detail::reflect::detail
