// Steady-clock loop benchmark of Kiln and the header-only peers (cereal, msgpack-cxx,
// nlohmann::json, FlatBuffers) plus two floors: memcpy and a hand-written codec. The same source
// builds natively and with em++, so the native and wasm runs compare like with like.
//   kiln_loop_bench [--quick] [--out rows.jsonl] [--filter text] [--op ser|de|rt|de-fresh|rt-fresh]
// --op times one of the operations only (the others report 0): for profiling one path. Decoding
// is timed into a reused object and into a fresh one (case.hpp); a row per decode.
// Per case and operation: warm-up and a calibrated round size, then in each of several passes
// over all cases the median of a few rounds; the fastest pass is reported. Passes spread each
// case's samples over the whole run, so a burst of another tenant's load (these shared machines
// slow down 2x for seconds at a time) cannot cover all of one case's samples.
// Progress goes to stderr; rows (one JSON object per line, library x workload x mode) go to
// --out (native build only), or to stdout. --quick (or KILN_BENCH_QUICK=1) runs in about a second.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "case.hpp"
#include "cereal_peer.hpp"
#include "flatbuffers_peer.hpp"
#include "handwritten_peer.hpp"
#include "json_peer.hpp"
#include "kiln_peer.hpp"
#include "memcpy_peer.hpp"
#include "msgpack_peer.hpp"

#ifndef KILN_BENCH_FLAGS
#define KILN_BENCH_FLAGS ""
#endif

namespace kiln_bench {
namespace {

#ifdef __EMSCRIPTEN__
constexpr const char* kTarget = "wasm";
#else
constexpr const char* kTarget = "native";
#endif

struct Config {
  double warmup_ms = 50;
  double round_ms = 10;
  int rounds = 5;
  int passes = 3;
  std::string filter;
  std::string op;  // empty: all
};

struct Row {
  std::string library, workload, mode;
  double ser_ns = 0, de_ns = 0, roundtrip_ns = 0, de_fresh_ns = 0, roundtrip_fresh_ns = 0;
  std::size_t bytes = 0;
  int keeps_identity = -1;  // TestClass only
};

// Keeps a result observable so the work that produced it cannot be optimized away. An empty asm
// statement that takes the value as an input works for g++, clang and em++ alike.
template <class T>
inline void keep(const T& v) {
  asm volatile("" : : "r"(&v) : "memory");
}

using Clock = std::chrono::steady_clock;

template <class F>
double time_ns(F& op, std::uint64_t n) {
  auto t0 = Clock::now();
  for (std::uint64_t i = 0; i < n; ++i) {
    auto r = op();
    keep(r);
  }
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
}

// One operation of one case. `batch(n)` makes n calls in a loop the operation is inlined into,
// and returns the ns they took: one indirect call per batch, none per operation.
struct Timer {
  std::size_t row;
  double Row::*field;
  std::function<double(std::uint64_t)> batch;
  std::uint64_t round_n = 1;
  double best = std::numeric_limits<double>::infinity();
};

template <class F>
std::function<double(std::uint64_t)> batch_of(F op) {
  return [op](std::uint64_t n) mutable { return time_ns(op, n); };
}

// Warm-up, then the number of calls that makes a round.
void calibrate(Timer& t, const Config& cfg) {
  // Warm up before calibrating, one call at a time: a first call can include compiling the code
  // (Chromium's V8 compiles wasm functions lazily, on first call), and a batch size calibrated on
  // it would make rounds of a handful of calls, too short for the clock (a page's is 5 us).
  for (auto start = Clock::now();
       std::chrono::duration<double, std::milli>(Clock::now() - start).count() < cfg.warmup_ms;)
    t.batch(1);
  // Grow the iteration count until a batch takes an eighth of a round, then size a round. A
  // batch that reaches it is timed twice more and the fastest kept: one slowed by something
  // else (the thread preempted) would size rounds of a few calls, too short for a page's clock.
  const double target = cfg.round_ms * 1e6 / 8;
  std::uint64_t n = 1;
  double ns = 0;
  for (;; n *= 2) {
    ns = t.batch(n);
    for (int i = 0; i < 2 && ns >= target; ++i) ns = std::min(ns, t.batch(n));
    if (ns >= target || n >= (std::uint64_t{1} << 40)) break;
  }
  const double per_call = std::max(ns, 1.0) / static_cast<double>(n);
  t.round_n = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(cfg.round_ms * 1e6 / per_call));
}

// One pass: an untimed quarter round (the other cases since the last pass evicted this one's
// data from the caches), then the median ns per call of cfg.rounds rounds.
void run_pass(Timer& t, const Config& cfg) {
  t.batch(t.round_n / 4 + 1);
  std::vector<double> rounds;
  for (int i = 0; i < cfg.rounds; ++i)
    rounds.push_back(t.batch(t.round_n) / static_cast<double>(t.round_n));
  std::sort(rounds.begin(), rounds.end());
  t.best = std::min(t.best, rounds[rounds.size() / 2]);
}

int g_failures = 0;

// Checks a case, adds its row, and a calibrated timer per operation. The case lives as long as
// its timers.
template <class P, Workload W>
void add_workload(const Config& cfg, std::vector<Row>& rows, std::vector<Timer>& timers) {
  if constexpr (Supports<P, W>) {
    Row row{P::kLibrary, workload_name(W), P::kMode};
    std::string name = row.library + "/" + row.mode + "/" + row.workload;
    if (!cfg.filter.empty() && name.find(cfg.filter) == std::string::npos) return;
    auto c = std::make_shared<Case<P, W>>();
    if (std::string err = c->check(); !err.empty()) {
      std::fprintf(stderr, "[loop %s] %s: FAILED: %s\n", kTarget, name.c_str(), err.c_str());
      ++g_failures;
      return;
    }
    row.bytes = c->bytes();
    if constexpr (W == Workload::kTestClass) row.keeps_identity = c->keeps_identity();
    rows.push_back(row);
    auto add = [&](const char* op, double Row::*field, std::function<double(std::uint64_t)> b) {
      if (!cfg.op.empty() && cfg.op != op) return;
      timers.push_back(Timer{rows.size() - 1, field, std::move(b)});
      calibrate(timers.back(), cfg);
    };
    add("ser", &Row::ser_ns, batch_of([c] { return c->serialize(); }));
    add("de", &Row::de_ns, batch_of([c] { return c->deserialize(); }));
    add("rt", &Row::roundtrip_ns, batch_of([c] { return c->roundtrip(); }));
    add("de-fresh", &Row::de_fresh_ns, batch_of([c] { return c->deserialize_fresh(); }));
    add("rt-fresh", &Row::roundtrip_fresh_ns, batch_of([c] { return c->roundtrip_fresh(); }));
  }
}

template <class P>
void add_peer(const Config& cfg, std::vector<Row>& rows, std::vector<Timer>& timers) {
  add_workload<P, Workload::kStruct>(cfg, rows, timers);
  add_workload<P, Workload::kFoo>(cfg, rows, timers);
  add_workload<P, Workload::kRecord>(cfg, rows, timers);
  add_workload<P, Workload::kTestClass>(cfg, rows, timers);
  add_workload<P, Workload::kBulk>(cfg, rows, timers);
  add_workload<P, Workload::kStructLarge>(cfg, rows, timers);
}

void write_rows(std::FILE* f, const std::vector<Row>& rows) {
  for (const Row& r : rows) {
    for (bool fresh : {false, true}) {
      std::fprintf(f,
                   "{\"target\": \"%s\", \"harness\": \"loop\", \"library\": \"%s\", "
                   "\"workload\": \"%s\", \"mode\": \"%s\", \"decode\": \"%s\", "
                   "\"ser_ns\": %.2f, \"de_ns\": %.2f, \"roundtrip_ns\": %.2f, \"bytes\": %zu, "
                   "\"codegen_free\": true",
                   kTarget, r.library.c_str(), r.workload.c_str(), r.mode.c_str(),
                   fresh ? "fresh" : "reused", r.ser_ns, fresh ? r.de_fresh_ns : r.de_ns,
                   fresh ? r.roundtrip_fresh_ns : r.roundtrip_ns, r.bytes);
      if (r.keeps_identity >= 0)
        std::fprintf(f, ", \"keeps_identity\": %s", r.keeps_identity ? "true" : "false");
      std::fprintf(f, ", \"flags\": \"%s\"}\n", KILN_BENCH_FLAGS);
    }
  }
}

}  // namespace
}  // namespace kiln_bench

int main(int argc, char** argv) {
  using namespace kiln_bench;
  Config cfg;
  const char* out_path = nullptr;
  const char* env = std::getenv("KILN_BENCH_QUICK");
  bool quick = env && *env && std::strcmp(env, "0") != 0;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      quick = true;
    } else if (std::strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
#ifdef __EMSCRIPTEN__
      // No host file system in the wasm build (it also runs in a page): rows go to stdout.
      std::fprintf(stderr, "--out: the wasm build writes its rows to stdout\n");
      return 2;
#endif
      out_path = argv[++i];
    } else if (std::strcmp(argv[i], "--filter") == 0 && i + 1 < argc) {
      cfg.filter = argv[++i];
    } else if (std::strcmp(argv[i], "--op") == 0 && i + 1 < argc) {
      cfg.op = argv[++i];
    } else {
      std::fprintf(stderr,
                   "usage: %s [--quick] [--out rows.jsonl] [--filter text] "
                   "[--op ser|de|rt|de-fresh|rt-fresh]\n",
                   argv[0]);
      return 2;
    }
  }
  if (quick) {
    cfg.warmup_ms = 2;
    cfg.round_ms = 1;
    cfg.passes = 1;
  }
  std::fprintf(stderr,
               "[loop %s] %s build (%s); fastest of %d passes, each the median of %d rounds of "
               "~%.0f ms, after %.0f ms warm-up\n"
               "[loop %s] kiln: serialize_view + deserialize_into a reused object and into a "
               "fresh one; TestClass with reference tracking and shared strings\n",
               kTarget, KILN_BENCH_FLAGS, __VERSION__, cfg.passes, cfg.rounds, cfg.round_ms,
               cfg.warmup_ms, kTarget);

  const auto t0 = Clock::now();
  auto seconds = [&t0] { return std::chrono::duration<double>(Clock::now() - t0).count(); };
  std::vector<Row> rows;
  std::vector<Timer> timers;
  add_peer<KilnPeer<false>>(cfg, rows, timers);
  add_peer<KilnPeer<true>>(cfg, rows, timers);
  add_peer<CerealPeer>(cfg, rows, timers);
  add_peer<MsgpackPeer>(cfg, rows, timers);
  add_peer<FlatbuffersPeer>(cfg, rows, timers);
  add_peer<JsonPeer>(cfg, rows, timers);
  add_peer<MemcpyPeer>(cfg, rows, timers);
  add_peer<HandwrittenPeer>(cfg, rows, timers);
  std::fprintf(stderr, "[loop %s] %zu cases checked and calibrated (%.1f s)\n", kTarget,
               rows.size(), seconds());
  for (int p = 1; p <= cfg.passes; ++p) {
    for (Timer& t : timers) run_pass(t, cfg);
    std::fprintf(stderr, "[loop %s] pass %d of %d done (%.1f s)\n", kTarget, p, cfg.passes,
                 seconds());
  }
  for (const Timer& t : timers) rows[t.row].*t.field = t.best;
  for (const Row& r : rows)
    std::fprintf(stderr,
                 "[loop %s] %-36s ser %11.1f ns  de %11.1f ns  rt %11.1f ns  (fresh: de %11.1f ns  "
                 "rt %11.1f ns)  %8zu B\n",
                 kTarget, (r.library + "/" + r.mode + "/" + r.workload).c_str(), r.ser_ns, r.de_ns,
                 r.roundtrip_ns, r.de_fresh_ns, r.roundtrip_fresh_ns, r.bytes);

  std::FILE* f = out_path ? std::fopen(out_path, "w") : stdout;
  if (!f) {
    std::fprintf(stderr, "cannot write %s\n", out_path);
    return 1;
  }
  write_rows(f, rows);
  if (out_path) {
    std::fclose(f);
    std::fprintf(stderr, "[loop %s] %zu rows -> %s\n", kTarget, 2 * rows.size(), out_path);
  }
  return g_failures == 0 ? 0 : 1;
}
