// Everything: the codec and serializers for every supported type family.
#pragma once

#include "kiln/codec.hpp"
#include "kiln/ser/arithmetic.hpp"
#include "kiln/ser/array.hpp"
#include "kiln/ser/map.hpp"
#include "kiln/ser/optional.hpp"
#include "kiln/ser/pointer.hpp"
#include "kiln/ser/sequence.hpp"
#include "kiln/ser/set.hpp"
#include "kiln/ser/string.hpp"
#include "kiln/ser/struct.hpp"
#include "kiln/ser/tuple.hpp"
#include "kiln/ser/variant.hpp"
#include "kiln/thread_safe.hpp"
#include "kiln/value/serializer.hpp"
