// Native benchmark of Kiln against C++ peers, Google Benchmark, all libraries in one binary.
// Names are library/mode/workload/case; each case reports the encoding's size as the "bytes"
// counter (and, for TestClass, whether shared identity survived as "keeps_identity").
//   kiln_bench [--quick] [google benchmark flags, e.g. --benchmark_out=f.json
//               --benchmark_out_format=json --benchmark_filter=kiln]
// --quick (or KILN_BENCH_QUICK=1): a few seconds in all, for smoke tests.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "boost_peer.hpp"
#include "capnp_peer.hpp"
#include "case.hpp"
#include "cereal_peer.hpp"
#include "flatbuffers_peer.hpp"
#include "handwritten_peer.hpp"
#include "json_peer.hpp"
#include "kiln_peer.hpp"
#include "kiln_view_peer.hpp"
#include "memcpy_peer.hpp"
#include "msgpack_peer.hpp"
#include "protobuf_peer.hpp"

#ifndef KILN_BENCH_FLAGS
#define KILN_BENCH_FLAGS ""
#endif

namespace kiln_bench {
namespace {

// Nine short repetitions rather than five long ones, in the same time: their order is random
// (--benchmark_enable_random_interleaving), so the median rests on more samples spread over more
// of the run when this shared machine slows down for seconds at a time. (The report prints how
// much the repetitions varied: 5% in a quiet run, over 20% in a busy one, with five or nine.)
struct Config {
  int repetitions = 9;
  double min_time = 0.055;  // seconds per repetition
};

int g_failures = 0;

double fastest(const std::vector<double>& v) {
  return *std::min_element(v.begin(), v.end());
}

template <class P, Workload W>
void register_workload(const Config& cfg) {
  if constexpr (Supports<P, W>) {
    auto c = std::make_shared<Case<P, W>>();
    std::string base = std::string(P::kLibrary) + "/" + P::kMode + "/" + workload_name(W) + "/";
    if (std::string err = c->check(); !err.empty()) {
      std::fprintf(stderr, "[kiln_bench] %s: %s\n", base.c_str(), err.c_str());
      ++g_failures;
      return;
    }
    auto add = [&](const char* what, auto op) {
      benchmark::RegisterBenchmark(
          (base + what).c_str(),
          [c, op](benchmark::State& st) {
            for (auto _ : st) benchmark::DoNotOptimize(op(*c));
            benchmark::DoNotOptimize(c->decoded());
            st.counters["bytes"] = static_cast<double>(c->bytes());
            if constexpr (W == Workload::kTestClass)
              st.counters["keeps_identity"] = c->keeps_identity();
            if constexpr (W == Workload::kBulk)
              st.SetBytesProcessed(st.iterations() * static_cast<std::int64_t>(c->bytes()));
          })
          ->Repetitions(cfg.repetitions)
          ->ReportAggregatesOnly(true)
          // The fastest repetition too: this machine's throughput swings by up to 1.7x for
          // seconds at a time, so the medians of two cases can come from different states; the
          // fastest repetitions of both come from the fast one (used for ratios of two modes).
          ->ComputeStatistics("min", fastest)
          ->MinTime(cfg.min_time)
          ->UseRealTime()
          ->Unit(benchmark::kNanosecond);
    };
    add("serialize", [](Case<P, W>& k) { return k.serialize(); });
    add("deserialize", [](Case<P, W>& k) { return k.deserialize(); });
    add("roundtrip", [](Case<P, W>& k) { return k.roundtrip(); });
    add("deserialize_fresh", [](Case<P, W>& k) { return k.deserialize_fresh(); });
    add("roundtrip_fresh", [](Case<P, W>& k) { return k.roundtrip_fresh(); });
  }
}

template <class P>
void register_peer(const Config& cfg) {
  register_workload<P, Workload::kStruct>(cfg);
  register_workload<P, Workload::kFoo>(cfg);
  register_workload<P, Workload::kRecord>(cfg);
  register_workload<P, Workload::kTestClass>(cfg);
  register_workload<P, Workload::kBulk>(cfg);
  register_workload<P, Workload::kStructLarge>(cfg);
}

}  // namespace
}  // namespace kiln_bench

int main(int argc, char** argv) {
  using namespace kiln_bench;
  Config cfg;
  const char* env = std::getenv("KILN_BENCH_QUICK");
  bool quick = env && *env && std::strcmp(env, "0") != 0;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0)
      quick = true;
    else
      args.push_back(argv[i]);
  }
  if (quick) cfg = Config{.repetitions = 3, .min_time = 0.002};
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 2;
  benchmark::AddCustomContext("kiln_flags", KILN_BENCH_FLAGS);

  register_peer<KilnPeer<false>>(cfg);
  register_peer<KilnPeer<true>>(cfg);
  // The cost of compatible mode against the two modes above, on Struct and Foo.
  register_workload<KilnPeer<false, true>, Workload::kStruct>(cfg);
  register_workload<KilnPeer<false, true>, Workload::kFoo>(cfg);
  register_workload<KilnPeer<true, true>, Workload::kStruct>(cfg);
  register_workload<KilnPeer<true, true>, Workload::kFoo>(cfg);
  // TestClass with reference tracking alone, no shared strings (as the hand-written codec).
  register_workload<KilnPeer<false, false, Header::kFull, false>, Workload::kTestClass>(cfg);
  register_workload<KilnPeer<true, false, Header::kFull, false>, Workload::kTestClass>(cfg);
  // Reading strings as views into the message instead of copies (std::string_view fields).
  for (auto reg : {register_workload<KilnViewPeer<false>, Workload::kFoo>,
                   register_workload<KilnViewPeer<false>, Workload::kRecord>,
                   register_workload<KilnViewPeer<false>, Workload::kBulk>,
                   register_workload<KilnViewPeer<true>, Workload::kFoo>,
                   register_workload<KilnViewPeer<true>, Workload::kRecord>,
                   register_workload<KilnViewPeer<true>, Workload::kBulk>})
    reg(cfg);
  // The smallest messages: compressed numbers without the 4-byte fingerprint, and without any
  // header (both sides agree on the options out of band).
  register_peer<KilnPeer<true, false, Header::kNoFingerprint>>(cfg);
  register_peer<KilnPeer<true, false, Header::kNone>>(cfg);
  register_peer<BoostPeer>(cfg);
  register_peer<CerealPeer>(cfg);
  register_peer<MsgpackPeer>(cfg);
  register_peer<ProtobufPeer>(cfg);
  register_peer<FlatbuffersPeer>(cfg);
  register_peer<CapnpPeer>(cfg);
  register_peer<JsonPeer>(cfg);
  register_peer<MemcpyPeer>(cfg);
  register_peer<HandwrittenPeer>(cfg);
  std::fprintf(
      stderr,
      "[kiln_bench] Kiln: serialize_view; deserialize_into a reused object and into a "
      "fresh one (*_fresh); TestClass with reference tracking and shared strings, and with "
      "tracking alone (*-unshared)\n");
  if (g_failures) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
