// Listing a class's fields, and naming them across versions.
//
//   class Account {                      // private fields: one line lists them
//     std::int64_t id_ = 0;
//     std::string owner_;
//    public:
//     KILN_FIELDS(Account, id_, owner_)
//   };
//   class Circle : public Shape { ... KILN_FIELDS_WITH_BASES(Circle, (Shape), radius_) };
//
// Plain aggregates need neither: Boost.PFR reflects them, field names included. For compatible
// mode, kiln::FieldId gives a renamed field its old identity (docs/FORMAT.md section 10).
#pragma once

#include "kiln/detail/evolve/type_code.hpp"
#include "kiln/detail/reflect/fields.hpp"
