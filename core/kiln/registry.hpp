// kiln::TypeRegistry: the derived classes that pointers to a polymorphic base may hold,
// registered up front by numeric id or by name.
//
//   auto types = std::make_shared<kiln::TypeRegistry>();
//   types->add<Circle, Shape>(1);                 // or add_named<Square, Shape>("geo.Square")
//   kiln::Codec codec({.track_references = true}, types);   // immutable from here on
#pragma once

#include "kiln/detail/evolve/compatible.hpp"  // what a registration instantiates for compatible mode
#include "kiln/detail/graph/registry.hpp"
