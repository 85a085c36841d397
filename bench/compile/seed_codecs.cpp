// The seed workloads' codecs, compiled once: seed_workloads.cpp built with -DKILN_SEED_SEPARATE
// calls them with only kiln/codec_decl.hpp included. scripts/compile_time.sh --split times both.
#include <kiln/kiln.hpp>

#include "workloads.hpp"

KILN_INSTANTIATE(kiln::workloads::Struct);
KILN_INSTANTIATE(kiln::workloads::Foo);
KILN_INSTANTIATE(kiln::workloads::Record);
KILN_INSTANTIATE(kiln::workloads::TestClass);
