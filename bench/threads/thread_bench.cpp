// The plain codec against the thread-safe facades on Struct and Foo, 1 to 8 threads.
// Plain: each benchmark thread owns its own kiln::Codec (the fastest correct multi-threaded use,
// and the baseline). ThreadLocal and Pooled: one facade object shared by every thread.
// Time is wall-clock and CPU is CPU time, both per operation per thread; items_per_second is the
// total over all threads.
// docs/THREADS.md has the command behind its tables; bench/threads/summary.mjs prints them.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "kiln/kiln.hpp"
#include "workloads.hpp"

namespace {

using kiln::workloads::Foo;
using kiln::workloads::Struct;

// The codec each benchmark thread calls: its own Codec, or the shared facade.
struct PlainApi {
  kiln::Codec codec;  // constructed in each thread's benchmark function
  kiln::Codec& api() { return codec; }
};
struct ThreadLocalApi {
  static kiln::ThreadLocalCodec& api() {
    static kiln::ThreadLocalCodec facade;
    return facade;
  }
};
struct PooledApi {
  static kiln::PooledCodec& api() {
    static kiln::PooledCodec facade;
    return facade;
  }
};

template <class W>
W make();
template <>
Struct make<Struct>() {
  return kiln::workloads::make_struct();
}
template <>
Foo make<Foo>() {
  return kiln::workloads::make_foo();
}

// Returns a new vector per call, as the API's serialize does.
template <class Api, class W>
void BM_Serialize(benchmark::State& state) {
  Api holder;
  auto& api = holder.api();
  const W value = make<W>();
  for (auto _ : state) {
    std::vector<std::uint8_t> bytes = api.serialize(value).value();
    benchmark::DoNotOptimize(bytes.data());
  }
  state.SetItemsProcessed(state.iterations());
}

// Appends to a reused vector: no allocation, so the facade's fixed cost shows the most.
template <class Api, class W>
void BM_SerializeInto(benchmark::State& state) {
  Api holder;
  auto& api = holder.api();
  const W value = make<W>();
  std::vector<std::uint8_t> out;
  out.reserve(1024);
  for (auto _ : state) {
    out.clear();
    if (!api.serialize_into(value, out)) state.SkipWithError("serialize_into failed");
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations());
}

template <class Api, class W>
void BM_Deserialize(benchmark::State& state) {
  Api holder;
  auto& api = holder.api();
  const std::vector<std::uint8_t> bytes = kiln::Codec().serialize(make<W>()).value();
  for (auto _ : state) {
    kiln::Result<W> back = api.template deserialize<W>(bytes);
    benchmark::DoNotOptimize(&back);
  }
  state.SetItemsProcessed(state.iterations());
}

void threads(benchmark::internal::Benchmark* b) {
  b->Threads(1)->Threads(2)->Threads(4)->Threads(8)->UseRealTime();
}

#define KILN_THREAD_BENCH(op, W)                                                                   \
  BENCHMARK_TEMPLATE(BM_##op, PlainApi, W)->Name(#op "/" #W "/Plain")->Apply(threads);             \
  BENCHMARK_TEMPLATE(BM_##op, ThreadLocalApi, W)->Name(#op "/" #W "/ThreadLocal")->Apply(threads); \
  BENCHMARK_TEMPLATE(BM_##op, PooledApi, W)->Name(#op "/" #W "/Pooled")->Apply(threads)

KILN_THREAD_BENCH(Serialize, Struct);
KILN_THREAD_BENCH(Serialize, Foo);
KILN_THREAD_BENCH(SerializeInto, Struct);
KILN_THREAD_BENCH(SerializeInto, Foo);
KILN_THREAD_BENCH(Deserialize, Struct);
KILN_THREAD_BENCH(Deserialize, Foo);

}  // namespace

BENCHMARK_MAIN();
