// std::unique_ptr<T>, std::shared_ptr<T>, std::weak_ptr<T>: a varint tag, then the object.
//   0       null
//   1       a new object follows (for a polymorphic T: its type tag first, then its fields)
//   n >= 2  the shared object numbered n-2, when the message tracks references (header bit 1)
// With reference tracking, shared and weak pointers number their objects in order of first
// appearance, so an object reached twice is written once and read back as one object, and a
// cycle is closed by a back-reference. Without it, every pointer writes its object in full.
// With tracking a weak_ptr never carries its object's fields: meeting an object first, it
// announces it with the next number (n - 2 equal to the count so far; for a polymorphic T its
// type tag follows), and the object's first shared_ptr writes that number followed by the
// fields. Its owners are then read before anything it owns back, as for any other object.
// Polymorphic type tags: 0 = the declared type itself; odd = a registered numeric id (tag >> 1);
// even >= 2 = registered name number (tag >> 1) - 1 of this message, the name's bytes following
// its first use. In compatible mode a non-zero type tag is followed by the type's index in the
// message's table, which the type's first object extends. See docs/FORMAT.md 5.11 and 10.5.
#pragma once

#include <memory>
#include <string>
#include <type_traits>

#include "kiln/detail/evolve/poly_index.hpp"
#include "kiln/detail/graph/context.hpp"
#include "kiln/detail/graph/inline_owners.hpp"
#include "kiln/detail/graph/references.hpp"
#include "kiln/detail/graph/registry.hpp"
#include "kiln/detail/reflect/run_time_name.hpp"
#include "kiln/detail/reflect/type_name.hpp"
#include "kiln/detail/ser/serializer.hpp"
#include "kiln/detail/ser/storage.hpp"

namespace kiln {
namespace detail {

using graph::PtrKind;

template <class T, PtrKind K>
struct PointerSerializer {
  static constexpr bool kPoly = std::is_polymorphic_v<T>;
  static constexpr bool kShares = K != PtrKind::kUnique;
  using Ptr = std::conditional_t<
      K == PtrKind::kUnique, std::unique_ptr<T>,
      std::conditional_t<K == PtrKind::kShared, std::shared_ptr<T>, std::weak_ptr<T>>>;

  static constexpr std::size_t min_bytes = 1;
  static constexpr std::size_t storage =
      K == PtrKind::kUnique ? detail::kUniquePtrStorage : detail::kSharedPtrStorage;
  template <class M>
  static constexpr std::size_t max_bytes = kUnbounded;
  template <class M>
  static constexpr bool exact = false;

  static constexpr void fingerprint(detail::Hasher& h) {
    h.add(K == PtrKind::kUnique ? "uptr(" : K == PtrKind::kShared ? "sptr(" : "wptr(");
    if (kPoly) h.add("poly");
    Serializer<T>::fingerprint(h);
    h.add(")");
  }

  template <class M>
  static void write(detail::io::Writer& w, const Ptr& p) {
    if constexpr (K == PtrKind::kWeak) {
      write_object<M>(w, p.lock().get());  // the lock keeps the object alive while it is written
    } else {
      write_object<M>(w, p.get());
    }
  }

  template <class M>
  static bool read(detail::Reader& r, Ptr& out) {
    const std::size_t at = r.offset();
    std::uint64_t tag = 0;
    if (!r.read_varint(tag, "pointer tag")) return false;
    if (tag == 0) {
      out.reset();
      return true;
    }
    if (tag >= 2) return read_reference<M>(r, out, tag - 2, at);
    if (!r.enter("pointer")) return false;
    bool ok = kPoly ? read_poly<M>(r, out) : read_plain<M>(r, out);
    r.leave();
    return ok;
  }

 private:
  template <class M>
  static void write_object(detail::io::Writer& w, const T* obj) {
    if (obj == nullptr) {
      w.write_u8(0);
      return;
    }
    detail::graph::WriteContext* g = w.graph();
    if constexpr (kShares) {
      if (g != nullptr && g->track) {
        detail::graph::ObjectId id{most_derived(obj), &typeid_of(obj)};
        auto [index, added] = g->objects.add(id);
        if constexpr (K == PtrKind::kWeak) {
          w.write_varint(std::uint64_t{index} + 2);
          if (added) announce(w, *obj, g, index);
          return;
        } else if (!added) {
          w.write_varint(std::uint64_t{index} + 2);
          if (index < g->announced.size() && g->announced[index]) {
            // The first shared_ptr to an object a weak_ptr announced: its fields follow.
            g->announced[index] = false;
            const detail::PolyEntry<T>* e = nullptr;
            if (entry_for(w, *obj, g, e)) write_fields<M>(w, *obj, e);
          }
          return;
        }
      }
    }
    w.write_u8(1);
    // Without tracking a cycle would recurse forever; stop at the reader's depth limit instead,
    // since no reader with default limits could read a deeper message anyway.
    if (g != nullptr && !g->track && ++g->pointer_depth > detail::io::kMaxWriteDepth) [[unlikely]] {
      too_deep(w);
      return;
    }
    if (!w.failed()) {
      if constexpr (kPoly)
        write_poly<M>(w, *obj, g);
      else
        Serializer<T>::template write<M>(w, *obj);
    }
    if (g != nullptr && !g->track) --g->pointer_depth;
  }

  // Out of line: the message's temporaries gave write_object a shadow-stack frame in wasm.
  [[gnu::cold, gnu::noinline]] static void too_deep(detail::io::Writer& w) {
    w.fail(ErrorCode::kDepthExceeded, "pointers nested deeper than " +
                                          std::to_string(detail::io::kMaxWriteDepth) + " at " +
                                          std::string(detail::reflect::type_name<T>) +
                                          ": a cyclic graph needs Options::track_references");
  }

  static const void* most_derived(const T* obj) {
    if constexpr (kPoly)
      return dynamic_cast<const void*>(obj);
    else
      return obj;
  }
  static const std::type_info& typeid_of(const T* obj) {
    if constexpr (kPoly)
      return typeid(*obj);
    else
      return typeid(T);
  }

  // A weak_ptr's first sight of an object: its number is written; its type tag follows.
  static void announce(detail::io::Writer& w, const T& obj, detail::graph::WriteContext* g,
                       std::uint32_t index) {
    if (g->announced.size() <= index) g->announced.resize(index + 1);
    g->announced[index] = true;
    if constexpr (kPoly) {
      const detail::PolyEntry<T>* e = nullptr;
      if (entry_for(w, obj, g, e)) write_type_tag(w, e, g);
    }
  }

  // The registry entry that writes obj's dynamic type; null for T itself. False (and the writer
  // failed) when the dynamic type is not registered for T.
  static bool entry_for(detail::io::Writer& w, const T& obj, detail::graph::WriteContext* g,
                        const detail::PolyEntry<T>*& e) {
    e = nullptr;
    if constexpr (kPoly) {
      const std::type_info& dynamic = typeid(obj);
      if (dynamic == typeid(T) && !std::is_abstract_v<T>) return true;
      e = (g && g->registry) ? g->registry->template by_type<T>(dynamic) : nullptr;
      if (e == nullptr) {
        w.fail(ErrorCode::kUnregisteredType,
               "an object of dynamic type " + detail::reflect::run_time_name(dynamic) +
                   " behind a pointer to " + std::string(detail::reflect::type_name<T>) +
                   " is not registered for that base type");
        return false;
      }
    }
    return true;
  }

  template <class M>
  static void write_fields(detail::io::Writer& w, const T& obj, const detail::PolyEntry<T>* e) {
    if constexpr (kPoly) {
      if (e != nullptr) return e->template write<M>(w, obj);
    }
    if constexpr (!std::is_abstract_v<T>) Serializer<T>::template write<M>(w, obj);
  }

  template <class M>
  static void write_poly(detail::io::Writer& w, const T& obj, detail::graph::WriteContext* g) {
    const detail::PolyEntry<T>* e = nullptr;
    if (!entry_for(w, obj, g, e)) return;
    write_type_tag(w, e, g);
    write_fields<M>(w, obj, e);
  }

  // 0 for T itself; else the entry's registered id, or its name's number in this message (the
  // name's bytes after its first use), and in compatible mode the type's table index.
  static void write_type_tag(detail::io::Writer& w, const detail::PolyEntry<T>* e,
                             detail::graph::WriteContext* g) {
    if (e == nullptr) {
      w.write_u8(0);
      return;
    }
    if (e->id != 0) {
      w.write_varint((std::uint64_t{e->id} << 1) | 1);
    } else {
      auto [it, added] = g->names.try_emplace(e->name, static_cast<std::uint32_t>(g->names.size()));
      w.write_varint((std::uint64_t{it->second} + 1) << 1);
      if (added) {
        w.write_varint(e->name.size());
        w.write_bytes(e->name.data(), e->name.size());
      }
    }
    if (g->table != nullptr)
      detail::evolve::write_type_index(w, *g->table, e->describe, e->type_name);
  }

  static constexpr std::size_t kNoSlot = static_cast<std::size_t>(-1);

  // Records a new shared object before its fields are read, so a cycle back to it resolves;
  // `slot` is its number, open until close(). kNoSlot when the message does not track.
  static bool remember(detail::Reader& r, const std::shared_ptr<T>& obj, void* dynamic,
                       detail::graph::TypeKey dynamic_key, std::size_t& slot) {
    detail::graph::ReadContext* g = r.graph();
    if (g == nullptr || !g->track) return true;
    const std::size_t n = detail::graph::number_object(r);
    if (n == detail::graph::kNoObject) return false;
    detail::graph::ReadObject& o = g->objects[n];  // open: its fields follow
    o.declared = obj;
    o.declared_key = detail::graph::type_key<T>;
    o.dynamic = dynamic;
    o.dynamic_key = dynamic_key;
    slot = n;
    return true;
  }
  static bool owned_by_value(detail::Reader& r, const Ptr& p) {
    detail::graph::ReadContext* g = r.graph();
    return g != nullptr && g->owners != nullptr && g->owners->take(p);
  }
  static void close(detail::Reader& r, std::size_t slot) {
    if (slot != kNoSlot) r.graph()->objects[slot].open = false;
  }

  template <class M>
  static bool read_plain(detail::Reader& r, Ptr& out) {
    if constexpr (std::is_abstract_v<T>) {
      return r.fail(ErrorCode::kUnknownType,
                    "abstract " + std::string(detail::reflect::type_name<T>));
    } else if constexpr (K == PtrKind::kUnique) {
      if (!out && !r.charge(r.offset(), detail::object_charge<T>, "object")) return false;
      if (!out) out = std::make_unique<T>();  // decoding into a reused object keeps it
      return Serializer<T>::template read<M>(r, *out);
    } else {
      if (!r.charge(r.offset(), detail::object_charge<T>, "object"))
        return false;          // charged even when reused,
      std::shared_ptr<T> obj;  // so a reused value gets the verdict a fresh one gets
      // Decoding into a reused value keeps an object that is exactly a T and that this pointer
      // alone owns, as unique_ptr does, or only pointers of the value do (inline_owners.hpp):
      // its strings and containers keep their storage. An object with an owner outside the
      // value is never written into.
      if constexpr (K == PtrKind::kShared) {
        if (out && typeid_of(out.get()) == typeid(T) &&
            (out.use_count() == 1 || owned_by_value(r, out)))
          obj = std::move(out);
      }
      if (!obj) obj = std::make_shared<T>();
      std::size_t slot = kNoSlot;
      if (!remember(r, obj, obj.get(), detail::graph::type_key<T>, slot)) return false;
      out = obj;
      bool ok = Serializer<T>::template read<M>(r, *obj);
      close(r, slot);
      return ok;
    }
  }

  // The registry entry a type tag read at `at` names (graph::read_type_tag has read a name's
  // bytes); nullptr with an error recorded.
  static const detail::PolyEntry<T>* lookup(detail::Reader& r, std::uint64_t tag, std::size_t at) {
    detail::graph::ReadContext* g = r.graph();
    const TypeRegistry* reg = g ? g->registry : nullptr;
    const std::string base(detail::reflect::type_name<T>);
    if (tag & 1) {
      std::uint64_t id = tag >> 1;
      const detail::PolyEntry<T>* e = reg && id <= 0xffffffffu
                                          ? reg->template by_id<T>(static_cast<std::uint32_t>(id))
                                          : nullptr;
      if (e == nullptr)
        r.fail_at(at, ErrorCode::kUnknownType,
                  "type id " + std::to_string(id) + " is not registered for " + base);
      return e;
    }
    const std::string& name = g->names[static_cast<std::size_t>((tag >> 1) - 1)];
    const detail::PolyEntry<T>* e = reg ? reg->template by_name<T>(name) : nullptr;
    if (e == nullptr)
      r.fail_at(at, ErrorCode::kUnknownType,
                "type name \"" + name + "\" is not registered for " + base);
    return e;
  }

  // The type a compatible-mode message gives a derived object: its table index, bound to the
  // entry's type (docs/FORMAT.md 10.5). Nothing in other messages.
  template <class M>
  static bool bind_type(detail::Reader& r, const detail::PolyEntry<T>& e, std::uint32_t& index) {
    if constexpr (M::compatible)
      return detail::evolve::bind_type_index(r, e.local_types(), index);
    else
      return true;
  }

  template <class M>
  static bool read_poly(detail::Reader& r, Ptr& out) {
    std::size_t at = 0;
    std::uint64_t tag = 0;
    if (!detail::graph::read_type_tag(r, tag, at)) return false;
    if (tag == 0) {
      if constexpr (K == PtrKind::kUnique) out.reset();  // a reused object may be a Derived
      return read_plain<M>(r, out);
    }
    const detail::PolyEntry<T>* e = lookup(r, tag, at);
    std::uint32_t index = 0;
    if (e == nullptr || !r.charge(at, e->charge, "object") || !bind_type<M>(r, *e, index))
      return false;
    if constexpr (K == PtrKind::kUnique) {
      out.reset(e->make_raw());
      return e->template read<M>(r, *out);
    } else {
      std::shared_ptr<T> obj = e->make_shared();
      std::size_t slot = kNoSlot;
      if (!remember(r, obj, e->to_dynamic(obj.get()), e->dynamic_key, slot)) return false;
      out = obj;
      bool ok = e->template read<M>(r, *obj);
      close(r, slot);
      return ok;
    }
  }

  template <class M>
  static bool read_reference(detail::Reader& r, Ptr& out, std::uint64_t index, std::size_t at) {
    if constexpr (K == PtrKind::kUnique) {
      detail::graph::check_reference(r, K, index, at);  // refuses every number
      return false;
    } else {
      switch (detail::graph::check_reference(r, K, index, at)) {
        case detail::graph::Reference::kFailed:
          return false;
        case detail::graph::Reference::kAnnounces:
          return announced<M>(r, out);
        case detail::graph::Reference::kExisting:
          break;
      }
      detail::graph::ReadContext* g = r.graph();
      const std::size_t slot = static_cast<std::size_t>(index);
      const detail::graph::ReadObject& o = g->objects[slot];
      if (o.skipped) return wrong_reference(r, at, index, true);
      if (o.declared == nullptr && !make_announced<M>(r, slot)) return false;
      if (o.declared_key == detail::graph::type_key<T>)
        out = std::static_pointer_cast<T>(o.declared);
      else if (o.dynamic_key == detail::graph::type_key<T>)
        out = std::shared_ptr<T>(o.declared, static_cast<T*>(o.dynamic));  // aliasing: one owner
      else
        return wrong_reference(r, at, index, false);
      if (K == PtrKind::kWeak || !o.announced) return true;
      // The first shared_ptr to an object a weak_ptr announced: its fields follow.
      if (!r.enter("pointer")) return false;
      auto read_fields = o.read_fields;
      const void* entry = o.entry;
      void* declared = o.declared.get();
      g->objects[slot].announced = false;
      g->objects[slot].open = true;
      bool ok = read_fields(r, declared, entry);
      g->objects[slot].open = false;  // by number: reading the fields may grow the table
      r.leave();
      return ok;
    }
  }

  // Out of line, with the messages: built inline, their temporaries gave every pointer read a
  // shadow-stack frame in wasm.
  [[gnu::cold, gnu::noinline]] static bool wrong_reference(detail::Reader& r, std::size_t at,
                                                           std::uint64_t index, bool skipped) {
    return r.fail_at(
        at, ErrorCode::kBadReference,
        "back-reference to object #" + std::to_string(index) +
            (skipped ? std::string(", whose fields this reader skipped")
                     : ", which is not a " + std::string(detail::reflect::type_name<T>)));
  }

  // An object a weak_ptr the reader skipped announced (compatible mode, docs/FORMAT.md 10.5): the
  // first pointer the reader reads that refers to it makes it, empty, of its own pointee type
  // (polymorphic: of the type its announced type tag names, bound to its announced index),
  // charged where it is made, at the end of the pointer's tag; it is then filled like any
  // announced object.
  template <class M>
  static bool make_announced(detail::Reader& r, std::size_t slot) {
    const std::size_t here = r.offset();
    Empty made;
    if constexpr (kPoly) {
      const detail::graph::ReadObject& o = r.graph()->objects[slot];
      if (o.type_tag != 0) {
        const std::uint32_t index = o.wire_type;
        const detail::PolyEntry<T>* e = lookup(r, o.type_tag, here);
        if (e == nullptr || !r.charge(here, e->charge, "object")) return false;
        if constexpr (M::compatible)
          if (!detail::evolve::bind_announced(r, index, e->local_types())) return false;
        made = Empty::of(*e);
      }
    }
    if (!made.obj && !made.make_declared(r)) return false;
    detail::graph::ReadObject& o = r.graph()->objects[slot];
    o.dynamic = made.dynamic;
    o.declared = std::move(made.obj);
    o.declared_key = detail::graph::type_key<T>;
    o.dynamic_key = made.dynamic_key;
    o.read_fields = &read_fields<M>;
    o.entry = made.entry;
    return true;
  }

  // An announced object, empty until its fields come: of a registered type (`entry`) or of T.
  struct Empty {
    std::shared_ptr<T> obj;
    void* dynamic = nullptr;
    detail::graph::TypeKey dynamic_key = detail::graph::type_key<T>;
    const void* entry = nullptr;

    static Empty of(const detail::PolyEntry<T>& e) {
      Empty m;
      m.obj = e.make_shared();
      m.dynamic = e.to_dynamic(m.obj.get());
      m.dynamic_key = e.dynamic_key;
      m.entry = &e;
      return m;
    }
    // T itself, charged at the reader's offset.
    bool make_declared(detail::Reader& r) {
      if constexpr (std::is_abstract_v<T>) {
        return r.fail(ErrorCode::kUnknownType,
                      "abstract " + std::string(detail::reflect::type_name<T>));
      } else {
        if (!r.charge(r.offset(), detail::object_charge<T>, "object")) return false;
        obj = std::make_shared<T>();
        dynamic = obj.get();
        return true;
      }
    }
  };

  // A weak_ptr's first sight of an object (the tag numbers the next one): the object is made now,
  // empty, of the type the tag that follows names (polymorphic T), and filled at its first
  // shared_ptr. Until then it is not open: a shared_ptr to it owns no cycle.
  template <class M>
  static bool announced(detail::Reader& r, Ptr& out) {
    Empty made;
    std::uint64_t tag = 0;
    std::uint32_t index = 0;
    if constexpr (kPoly) {
      std::size_t at = 0;
      if (!detail::graph::read_type_tag(r, tag, at)) return false;
      if (tag != 0) {
        const detail::PolyEntry<T>* e = lookup(r, tag, at);
        if (e == nullptr || !r.charge(at, e->charge, "object") || !bind_type<M>(r, *e, index))
          return false;
        made = Empty::of(*e);
      }
    }
    if (!made.obj && !made.make_declared(r)) return false;
    std::size_t slot = kNoSlot;
    if (!remember(r, made.obj, made.dynamic, made.dynamic_key, slot)) return false;
    detail::graph::ReadObject& o = r.graph()->objects[slot];
    o.open = false;
    o.announced = true;
    o.read_fields = &read_fields<M>;
    o.entry = made.entry;
    o.type_tag = tag;  // for a walker that fills it (compatible mode)
    o.wire_type = index;
    out = made.obj;
    return true;
  }

  template <class M>
  static bool read_fields(detail::Reader& r, void* declared, const void* entry) {
    T& obj = *static_cast<T*>(declared);
    if constexpr (kPoly) {
      if (entry != nullptr)
        return static_cast<const detail::PolyEntry<T>*>(entry)->template read<M>(r, obj);
    }
    if constexpr (std::is_abstract_v<T>) {
      return false;  // announced() never makes an abstract T without an entry
    } else {
      return Serializer<T>::template read<M>(r, obj);
    }
  }
};

}  // namespace detail

template <class T>
struct Serializer<std::unique_ptr<T>> : detail::PointerSerializer<T, detail::PtrKind::kUnique> {};
template <class T>
struct Serializer<std::shared_ptr<T>> : detail::PointerSerializer<T, detail::PtrKind::kShared> {};
template <class T>
struct Serializer<std::weak_ptr<T>> : detail::PointerSerializer<T, detail::PtrKind::kWeak> {};

}  // namespace kiln
