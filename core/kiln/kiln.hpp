// Everything: the codec, the serializers of every supported type family, adapters for types of
// your own, the registry of polymorphic types, kiln::Value, framed streams, and the thread-safe
// facades.
#pragma once

#include "kiln/adapter.hpp"
#include "kiln/codec.hpp"
#include "kiln/detail/types/arithmetic.hpp"
#include "kiln/detail/types/array.hpp"
#include "kiln/detail/types/map.hpp"
#include "kiln/detail/types/optional.hpp"
#include "kiln/detail/types/pointer.hpp"
#include "kiln/detail/types/sequence.hpp"
#include "kiln/detail/types/set.hpp"
#include "kiln/detail/types/span.hpp"
#include "kiln/detail/types/string.hpp"
#include "kiln/detail/types/struct.hpp"
#include "kiln/detail/types/tuple.hpp"
#include "kiln/detail/types/variant.hpp"
#include "kiln/fields.hpp"
#include "kiln/inspect.hpp"
#include "kiln/registry.hpp"
#include "kiln/serializer.hpp"
#include "kiln/stream.hpp"
#include "kiln/thread_safe.hpp"
#include "kiln/value.hpp"
