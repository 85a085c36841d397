// Order's codec, compiled here for every file that includes order.hpp.
#include <kiln/kiln.hpp>

#include "order.hpp"

KILN_INSTANTIATE(Order);
