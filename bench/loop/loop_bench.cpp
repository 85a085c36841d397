// Steady-clock loop benchmark of Kiln and the header-only peers (cereal, msgpack-cxx,
// nlohmann::json, FlatBuffers) plus the memcpy floor. The same source builds natively and with
// em++, so the native and wasm runs compare like with like.
//   kiln_loop_bench [--quick] [--out rows.jsonl] [--filter text] [--op ser|de|rt]
// --op times one of the three operations only (the others report 0): for profiling one path.
// Per case: warm-up, then rounds of a calibrated iteration count; the median round is reported.
// Progress goes to stderr; rows (one JSON object per line, library x workload x mode) go to
// --out (native build only), or to stdout. --quick (or KILN_BENCH_QUICK=1) runs in about a second.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "case.hpp"
#include "cereal_peer.hpp"
#include "flatbuffers_peer.hpp"
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
  double round_ms = 20;
  int rounds = 7;
  std::string filter;
  std::string op;  // empty: all three
};

struct Row {
  std::string library, workload, mode;
  double ser_ns = 0, de_ns = 0, roundtrip_ns = 0;
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

// Median ns per call over cfg.rounds rounds, after a warm-up.
template <class F>
double measure(F op, const Config& cfg) {
  // Warm up before calibrating, one call at a time: a first call can include compiling the code
  // (Chromium's V8 compiles wasm functions lazily, on first call), and a batch size calibrated on
  // it would make rounds of a handful of calls, too short for the clock (a page's is 5 us).
  for (auto start = Clock::now();
       std::chrono::duration<double, std::milli>(Clock::now() - start).count() < cfg.warmup_ms;) {
    auto r = op();
    keep(r);
  }
  // Grow the iteration count until a batch takes an eighth of a round, then size a round. A
  // batch that reaches it is timed twice more and the fastest kept: one slowed by something
  // else (the thread preempted) would size rounds of a few calls, too short for a page's clock.
  const double target = cfg.round_ms * 1e6 / 8;
  std::uint64_t n = 1;
  double t = 0;
  for (;; n *= 2) {
    t = time_ns(op, n);
    for (int i = 0; i < 2 && t >= target; ++i) t = std::min(t, time_ns(op, n));
    if (t >= target || n >= (std::uint64_t{1} << 40)) break;
  }
  double per_call = std::max(t, 1.0) / static_cast<double>(n);
  std::uint64_t round_n =
      std::max<std::uint64_t>(1, static_cast<std::uint64_t>(cfg.round_ms * 1e6 / per_call));
  std::vector<double> rounds;
  for (int i = 0; i < cfg.rounds; ++i)
    rounds.push_back(time_ns(op, round_n) / static_cast<double>(round_n));
  std::sort(rounds.begin(), rounds.end());
  return rounds[rounds.size() / 2];
}

int g_failures = 0;

template <class P, Workload W>
void run_workload(const Config& cfg, std::vector<Row>& rows) {
  if constexpr (Supports<P, W>) {
    Row row{P::kLibrary, workload_name(W), P::kMode};
    std::string name = row.library + "/" + row.mode + "/" + row.workload;
    if (!cfg.filter.empty() && name.find(cfg.filter) == std::string::npos) return;
    Case<P, W> c;
    if (std::string err = c.check(); !err.empty()) {
      std::fprintf(stderr, "[loop %s] %s: FAILED: %s\n", kTarget, name.c_str(), err.c_str());
      ++g_failures;
      return;
    }
    row.bytes = c.bytes();
    auto wanted = [&cfg](const char* op) { return cfg.op.empty() || cfg.op == op; };
    if (wanted("ser")) row.ser_ns = measure([&c] { return c.serialize(); }, cfg);
    if (wanted("de")) row.de_ns = measure([&c] { return c.deserialize(); }, cfg);
    if (wanted("rt")) row.roundtrip_ns = measure([&c] { return c.roundtrip(); }, cfg);
    if constexpr (W == Workload::kTestClass) row.keeps_identity = c.keeps_identity();
    std::fprintf(stderr, "[loop %s] %-36s ser %11.1f ns  de %11.1f ns  rt %11.1f ns  %8zu B\n",
                 kTarget, name.c_str(), row.ser_ns, row.de_ns, row.roundtrip_ns, row.bytes);
    rows.push_back(row);
  }
}

template <class P>
void run_peer(const Config& cfg, std::vector<Row>& rows) {
  run_workload<P, Workload::kStruct>(cfg, rows);
  run_workload<P, Workload::kFoo>(cfg, rows);
  run_workload<P, Workload::kRecord>(cfg, rows);
  run_workload<P, Workload::kTestClass>(cfg, rows);
  run_workload<P, Workload::kBulk>(cfg, rows);
}

void write_rows(std::FILE* f, const std::vector<Row>& rows) {
  for (const Row& r : rows) {
    std::fprintf(f,
                 "{\"target\": \"%s\", \"harness\": \"loop\", \"library\": \"%s\", "
                 "\"workload\": \"%s\", \"mode\": \"%s\", \"ser_ns\": %.2f, \"de_ns\": %.2f, "
                 "\"roundtrip_ns\": %.2f, \"bytes\": %zu, \"codegen_free\": true",
                 kTarget, r.library.c_str(), r.workload.c_str(), r.mode.c_str(), r.ser_ns, r.de_ns,
                 r.roundtrip_ns, r.bytes);
    if (r.keeps_identity >= 0)
      std::fprintf(f, ", \"keeps_identity\": %s", r.keeps_identity ? "true" : "false");
    std::fprintf(f, ", \"flags\": \"%s\"}\n", KILN_BENCH_FLAGS);
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
                   "usage: %s [--quick] [--out rows.jsonl] [--filter text] [--op ser|de|rt]\n",
                   argv[0]);
      return 2;
    }
  }
  if (quick) {
    cfg.warmup_ms = 2;
    cfg.round_ms = 1;
    cfg.rounds = 5;
  }
  std::fprintf(stderr,
               "[loop %s] %s build (%s); median of %d rounds of ~%.0f ms after %.0f ms warm-up\n"
               "[loop %s] kiln: serialize_view + deserialize_into a reused object; TestClass "
               "with reference tracking and shared strings\n",
               kTarget, KILN_BENCH_FLAGS, __VERSION__, cfg.rounds, cfg.round_ms, cfg.warmup_ms,
               kTarget);

  std::vector<Row> rows;
  run_peer<KilnPeer<false>>(cfg, rows);
  run_peer<KilnPeer<true>>(cfg, rows);
  run_peer<CerealPeer>(cfg, rows);
  run_peer<MsgpackPeer>(cfg, rows);
  run_peer<FlatbuffersPeer>(cfg, rows);
  run_peer<JsonPeer>(cfg, rows);
  run_peer<MemcpyPeer>(cfg, rows);

  std::FILE* f = out_path ? std::fopen(out_path, "w") : stdout;
  if (!f) {
    std::fprintf(stderr, "cannot write %s\n", out_path);
    return 1;
  }
  write_rows(f, rows);
  if (out_path) {
    std::fclose(f);
    std::fprintf(stderr, "[loop %s] %zu rows -> %s\n", kTarget, rows.size(), out_path);
  }
  return g_failures == 0 ? 0 : 1;
}
