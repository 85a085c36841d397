// TypeRegistry: the derived types a polymorphic pointer may hold, registered up front by numeric
// id or by name (like Fury's register(Class)). A codec takes the registry as a shared pointer to
// const, so once a codec uses it nothing can change it. Reading a type tag that is not registered
// for the pointer's declared base type is an error: only registered types are ever created.
//
//   auto types = std::make_shared<kiln::TypeRegistry>();
//   types->add<Circle, Shape>(1);          // Circle, readable through pointers to Shape
//   types->add_named<Square, Shape>("geo.Square");
//   kiln::Codec codec(options, types);
//
// Each registration instantiates, at compile time, the functions that create, write and read the
// derived type through a Base pointer; at run time a lookup is one hash of the type_info (writing)
// or of the id (reading).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeindex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kiln/base/result.hpp"
#include "kiln/detail/graph/type_key.hpp"
#include "kiln/detail/reflect/type_name.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"

// Compatible mode's view of a derived type (evolve/describe.hpp, evolve/compatible.hpp),
// instantiated with each registration: its entries for a message's table and its own table for
// binding (docs/FORMAT.md 10.5).
namespace kiln::detail::evolve {
struct Builder;
struct LocalTable;
template <class T>
std::size_t describe_derived(Builder&);
template <class T>
LocalTable local_types();
}  // namespace kiln::detail::evolve

namespace kiln {

namespace detail {

// One registered (Derived, Base) pair, seen through Base.
template <class Base>
struct PolyEntry {
  std::uint32_t id = 0;        // numeric id, or 0 when registered by name
  std::string name;            // registered name, or empty
  std::string_view type_name;  // the C++ name, for error messages
  detail::graph::TypeKey dynamic_key = nullptr;
  std::size_t charge = 0;  // what a new Derived is charged to a message's allocation budget
  Base* (*make_raw)() = nullptr;
  std::shared_ptr<Base> (*make_shared)() = nullptr;
  void* (*to_dynamic)(Base*) = nullptr;  // the Derived object's address, for identity
  void (*write_fixed)(detail::io::Writer&, const Base&) = nullptr;
  void (*write_compressed)(detail::io::Writer&, const Base&) = nullptr;
  bool (*read_fixed)(detail::Reader&, Base&) = nullptr;
  bool (*read_compressed)(detail::Reader&, Base&) = nullptr;
  bool (*read_fixed_compatible)(detail::Reader&, Base&) = nullptr;
  bool (*read_compressed_compatible)(detail::Reader&, Base&) = nullptr;
  std::size_t (*describe)(evolve::Builder&) = nullptr;
  evolve::LocalTable (*local_types)() = nullptr;

  template <class M>
  void write(detail::io::Writer& w, const Base& v) const {
    (M::compress ? write_compressed : write_fixed)(w, v);
  }
  template <class M>
  bool read(detail::Reader& r, Base& v) const {
    if constexpr (M::compatible)
      return (M::compress ? read_compressed_compatible : read_fixed_compatible)(r, v);
    else
      return (M::compress ? read_compressed : read_fixed)(r, v);
  }
};

}  // namespace detail

class TypeRegistry {
 public:
  // Registers Derived under a numeric id (>= 1) for reading and writing through pointers to each
  // of Bases. Fails if the id, or Derived itself, is already registered for one of the bases.
  template <class Derived, class... Bases>
  [[nodiscard]] Status add(std::uint32_t id) {
    static_assert(sizeof...(Bases) > 0, "name at least one base: add<Derived, Base>(id)");
    if (id == 0) return fail("type id 0 is reserved for the declared type itself");
    Status s;
    ((s = add_one<Derived, Bases>(id, {})) && ...);
    return s;
  }

  // Registers Derived under a name, written into a message once and referenced after that.
  template <class Derived, class... Bases>
  [[nodiscard]] Status add_named(std::string name) {
    static_assert(sizeof...(Bases) > 0, "name at least one base: add_named<Derived, Base>(name)");
    if (name.empty()) return fail("a registered type name must not be empty");
    Status s;
    ((s = add_one<Derived, Bases>(0, name)) && ...);
    return s;
  }

  // Lookups; nullptr when not registered.
  template <class Base>
  const detail::PolyEntry<Base>* by_type(const std::type_info& dynamic) const {
    auto it = by_type_.find({detail::graph::type_key<Base>, std::type_index(dynamic)});
    return it == by_type_.end() ? nullptr : static_cast<const detail::PolyEntry<Base>*>(it->second);
  }
  template <class Base>
  const detail::PolyEntry<Base>* by_id(std::uint32_t id) const {
    auto it = by_id_.find({detail::graph::type_key<Base>, id});
    return it == by_id_.end() ? nullptr : static_cast<const detail::PolyEntry<Base>*>(it->second);
  }
  template <class Base>
  const detail::PolyEntry<Base>* by_name(std::string_view name) const {
    auto it = by_name_.find({detail::graph::type_key<Base>, std::string(name)});
    return it == by_name_.end() ? nullptr : static_cast<const detail::PolyEntry<Base>*>(it->second);
  }

  std::size_t size() const noexcept { return entries_.size(); }

 private:
  template <class A, class B>
  struct PairHash {
    std::size_t operator()(const std::pair<A, B>& p) const noexcept {
      return std::hash<A>()(p.first) * 31 + std::hash<B>()(p.second);
    }
  };
  template <class K>
  using Index = std::unordered_map<std::pair<detail::graph::TypeKey, K>, const void*,
                                   PairHash<detail::graph::TypeKey, K>>;

  static Status fail(std::string detail) {
    return Status(Error{ErrorCode::kDuplicateType, 0, std::move(detail)});
  }

  template <class Derived, class Base>
  Status add_one(std::uint32_t id, const std::string& name) {
    static_assert(std::is_polymorphic_v<Base>,
                  "polymorphic pointers need a Base with a virtual member (a virtual destructor)");
    static_assert(std::is_base_of_v<Base, Derived> && !std::is_abstract_v<Derived>,
                  "Derived must be a concrete class derived from Base");
    static_assert(Serializable<Derived>, "Derived needs KILN_FIELDS (or to be an aggregate)");
    const std::string_view cxx = detail::reflect::type_name<Derived>;
    if (by_type_.count({detail::graph::type_key<Base>, std::type_index(typeid(Derived))}))
      return fail(std::string(cxx) + " is already registered");
    if (id != 0 && by_id_.count({detail::graph::type_key<Base>, id}))
      return fail("type id " + std::to_string(id) + " is already registered (adding " +
                  std::string(cxx) + ")");
    if (!name.empty() && by_name_.count({detail::graph::type_key<Base>, name}))
      return fail("type name \"" + name + "\" is already registered");

    auto entry = std::make_unique<detail::PolyEntry<Base>>();
    entry->id = id;
    entry->name = name;
    entry->type_name = cxx;
    entry->dynamic_key = detail::graph::type_key<Derived>;
    entry->charge = detail::object_charge<Derived>;
    entry->make_raw = []() -> Base* { return new Derived(); };
    entry->make_shared = []() -> std::shared_ptr<Base> { return std::make_shared<Derived>(); };
    entry->to_dynamic = [](Base* b) -> void* { return static_cast<Derived*>(b); };
    entry->write_fixed = [](detail::io::Writer& w, const Base& b) {
      Serializer<Derived>::template write<FixedMode>(w, static_cast<const Derived&>(b));
    };
    entry->write_compressed = [](detail::io::Writer& w, const Base& b) {
      Serializer<Derived>::template write<CompressedMode>(w, static_cast<const Derived&>(b));
    };
    entry->read_fixed = [](detail::Reader& r, Base& b) {
      return Serializer<Derived>::template read<FixedMode>(r, static_cast<Derived&>(b));
    };
    entry->read_compressed = [](detail::Reader& r, Base& b) {
      return Serializer<Derived>::template read<CompressedMode>(r, static_cast<Derived&>(b));
    };
    entry->read_fixed_compatible = [](detail::Reader& r, Base& b) {
      return Serializer<Derived>::template read<Mode<false, true>>(r, static_cast<Derived&>(b));
    };
    entry->read_compressed_compatible = [](detail::Reader& r, Base& b) {
      return Serializer<Derived>::template read<Mode<true, true>>(r, static_cast<Derived&>(b));
    };
    entry->describe = &detail::evolve::describe_derived<Derived>;
    entry->local_types = &detail::evolve::local_types<Derived>;
    const void* raw = entry.get();
    by_type_[{detail::graph::type_key<Base>, std::type_index(typeid(Derived))}] = raw;
    if (id != 0) by_id_[{detail::graph::type_key<Base>, id}] = raw;
    if (!name.empty()) by_name_[{detail::graph::type_key<Base>, name}] = raw;
    entries_.push_back(std::shared_ptr<void>(
        entry.release(), [](void* p) { delete static_cast<detail::PolyEntry<Base>*>(p); }));
    return Status();
  }

  std::vector<std::shared_ptr<void>> entries_;  // owns every detail::PolyEntry<Base>
  Index<std::type_index> by_type_;
  Index<std::uint32_t> by_id_;
  Index<std::string> by_name_;
};

}  // namespace kiln
