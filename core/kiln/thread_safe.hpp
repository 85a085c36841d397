// The thread-safe codec facades: ThreadLocalCodec (one codec per thread) and PooledCodec (a small
// pool of codecs, no thread-locals). Both have the plain Codec's API; see docs/THREADS.md.
#pragma once

#include "kiln/concurrent/pooled_codec.hpp"
#include "kiln/concurrent/thread_local_codec.hpp"
