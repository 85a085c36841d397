// The thread-safe facades under real concurrency (run under ThreadSanitizer by `npm test`): many
// threads serializing and decoding different workloads through shared facades, every result
// checked against the plain codec's bytes and the original values.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <latch>
#include <memory>
#include <mutex>
#include <set>
#include <span>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "kiln/kiln.hpp"
#include "workloads.hpp"

namespace {

using kiln::Codec;
using kiln::Options;
using kiln::PooledCodec;
using kiln::ThreadLocalCodec;
using kiln::workloads::Foo;
using kiln::workloads::Record;
using kiln::workloads::Struct;
using Bytes = std::vector<std::uint8_t>;

constexpr int kThreads = 8;

Options options_for(bool compress) {
  Options o;
  o.compress_numbers = compress;
  return o;
}

// Failures seen on worker threads, reported on the test's thread (gtest assertions stay there).
class Failures {
 public:
  void add(const std::string& what) {
    if (count_.fetch_add(1, std::memory_order_relaxed) == 0) {
      std::lock_guard lock(mutex_);
      first_ = what;
    }
  }
  ::testing::AssertionResult none() const {
    int n = count_.load();
    if (n == 0) return ::testing::AssertionSuccess();
    std::lock_guard lock(mutex_);
    return ::testing::AssertionFailure() << n << " failures; first: " << first_;
  }

 private:
  std::atomic<int> count_{0};
  mutable std::mutex mutex_;
  std::string first_;
};

// Runs body(thread_index) on n threads that start together.
void run_threads(int n, const std::function<void(int)>& body) {
  std::latch start(n);
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(n));
  for (int t = 0; t < n; ++t)
    threads.emplace_back([&, t] {
      start.arrive_and_wait();
      body(t);
    });
  for (std::thread& th : threads) th.join();
}

// Workloads that differ per thread, so a state mix-up between threads shows in the bytes.
Struct struct_for(int t) {
  Struct s = kiln::workloads::make_struct();
  s.f1 += t;
  s.f10 -= t * 1000003;
  s.f4 *= t + 1;
  return s;
}

Foo foo_for(int t) {
  Foo foo = kiln::workloads::make_foo();
  foo.f1 = t;
  foo.f2 = "thread " + std::to_string(t) + std::string(static_cast<std::size_t>(t) * 37, 'x');
  for (int i = 0; i < t; ++i) foo.f3.push_back("extra" + std::to_string(i));
  foo.f4["thread"] = -t;
  return foo;
}

using Value = std::variant<Struct, Foo, Record>;

// One message to produce and decode: the value, its expected bytes in each number mode.
struct Case {
  Value value;
  Bytes fixed;
  Bytes compressed;
};

std::vector<Case> cases_for(int t) {
  std::vector<Case> cases;
  for (Value v : {Value(struct_for(t)), Value(foo_for(t)), Value(kiln::workloads::make_record()),
                  Value(kiln::workloads::make_struct()), Value(kiln::workloads::make_foo())}) {
    Case c{v, {}, {}};
    std::visit(
        [&](const auto& x) {
          c.fixed = Codec(options_for(false)).serialize(x).value();
          c.compressed = Codec(options_for(true)).serialize(x).value();
        },
        v);
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<std::vector<Case>> all_cases() {
  std::vector<std::vector<Case>> all;
  for (int t = 0; t < kThreads; ++t) all.push_back(cases_for(t));
  return all;
}

// Checks every API call of `facade` on `c`; `peer` is another thread's case, decoded here from
// bytes that thread also works with (read-only sharing).
template <class Facade>
void check_case(const Facade& facade, const Case& c, const Case& peer, Failures& failures,
                const std::string& where) {
  const bool compress = facade.options().compress_numbers;
  const Bytes& expected = compress ? c.compressed : c.fixed;
  std::visit(
      [&](const auto& value) {
        using T = std::decay_t<decltype(value)>;
        Bytes bytes = facade.serialize(value).value();
        if (bytes != expected) failures.add(where + ": serialize bytes differ");
        Bytes appended{1, 2, 3};
        if (!facade.serialize_into(value, appended))
          failures.add(where + ": serialize_into failed");
        if (!std::equal(appended.begin() + 3, appended.end(), expected.begin(), expected.end()))
          failures.add(where + ": serialize_into bytes differ");
        kiln::Result<T> back = facade.template deserialize<T>(bytes);
        if (!back || !(*back == value)) failures.add(where + ": deserialize differs");
        T into{};
        kiln::Status s = facade.deserialize_into(std::span(appended).subspan(3), into);
        if (!s || !(into == value)) failures.add(where + ": deserialize_into differs");
      },
      c.value);
  std::visit(
      [&](const auto& value) {
        using T = std::decay_t<decltype(value)>;
        kiln::Result<T> back =
            facade.template deserialize<T>(compress ? peer.compressed : peer.fixed);
        if (!back || !(*back == value)) failures.add(where + ": peer message decodes differently");
      },
      peer.value);
}

template <class Facade>
class FacadeThreads : public ::testing::Test {};
using FacadeTypes = ::testing::Types<ThreadLocalCodec, PooledCodec>;
TYPED_TEST_SUITE(FacadeThreads, FacadeTypes);

// kThreads threads call every API of two shared codecs (or facades), one per number mode, each on
// its own workloads and its neighbour's.
template <class Shared>
::testing::AssertionResult many_threads_share(const Shared& fixed, const Shared& compressed) {
  const std::vector<std::vector<Case>> cases = all_cases();
  Failures failures;
  run_threads(kThreads, [&](int t) {
    const std::vector<Case>& mine = cases[static_cast<std::size_t>(t)];
    const std::vector<Case>& peers = cases[static_cast<std::size_t>((t + 1) % kThreads)];
    for (int i = 0; i < 300; ++i) {
      std::size_t k = static_cast<std::size_t>(i + t) % mine.size();
      const Shared& shared = (i + t) % 3 == 0 ? compressed : fixed;
      check_case(shared, mine[k], peers[k], failures,
                 "thread " + std::to_string(t) + " iteration " + std::to_string(i));
    }
  });
  return failures.none();
}

TYPED_TEST(FacadeThreads, ManyThreadsSerializeAndDecodeDifferentWorkloads) {
  EXPECT_TRUE(many_threads_share(TypeParam(options_for(false)), TypeParam(options_for(true))));
}

TYPED_TEST(FacadeThreads, WithCodecGivesExclusiveUse) {
  // Each call writes its thread's message into the codec's scratch buffer (the codec's mutable
  // state), decodes it, then checks the buffer still holds it. A codec shared by two threads
  // shows up as changed bytes, and under TSan as a data race. Nothing else here synchronizes the
  // threads, so that TSan sees only the facade's own synchronization.
  const TypeParam facade(options_for(false));
  const std::vector<std::vector<Case>> cases = all_cases();
  Failures failures;
  std::atomic<int> calls{0};
  run_threads(kThreads, [&](int t) {
    const Case& c = cases[static_cast<std::size_t>(t)][1];
    const Foo& foo = std::get<Foo>(c.value);
    for (int i = 0; i < 300; ++i) {
      facade.with_codec([&](Codec& codec) {
        std::span<const std::uint8_t> view = codec.serialize_view(foo).value();
        kiln::Result<Foo> back = codec.deserialize<Foo>(view);
        if (!back || !(*back == foo) ||
            !std::equal(view.begin(), view.end(), c.fixed.begin(), c.fixed.end()))
          failures.add("thread " + std::to_string(t) + ": codec state changed under it");
      });
      calls.fetch_add(1, std::memory_order_relaxed);
    }
  });
  EXPECT_TRUE(failures.none());
  EXPECT_EQ(calls.load(), kThreads * 300);
}

// The facades' serialize, serialize_into, deserialize and deserialize_into run on their shared
// prototype: a Codec's const members must be safe to call on one codec from many threads at once
// (under TSan, any write to shared state is a reported race).
TEST(PlainCodecThreads, ConstCallsOnOneCodecFromManyThreads) {
  EXPECT_TRUE(many_threads_share(Codec(options_for(false)), Codec(options_for(true))));
}

TEST(ThreadLocalCodecThreads, EachThreadHasItsOwnCodecAndView) {
  const ThreadLocalCodec facade(options_for(true));
  const std::vector<std::vector<Case>> cases = all_cases();
  std::vector<const Codec*> codecs(kThreads);
  std::barrier sync(kThreads);
  Failures failures;
  run_threads(kThreads, [&](int t) {
    const Codec* mine = &facade.local();
    codecs[static_cast<std::size_t>(t)] = mine;
    // Views stay valid while every other thread writes views of its own.
    const Case& c = cases[static_cast<std::size_t>(t)][1];
    const Foo& foo = std::get<Foo>(c.value);
    for (int i = 0; i < 200; ++i) {
      std::span<const std::uint8_t> view = facade.serialize_view(foo).value();
      Bytes other = facade.serialize(struct_for(t)).value();
      if (!std::equal(view.begin(), view.end(), c.compressed.begin(), c.compressed.end()))
        failures.add("thread " + std::to_string(t) + ": view changed under it");
      if (&facade.local() != mine) failures.add("thread's codec changed");
    }
    sync.arrive_and_wait();  // all codecs alive at once before comparing addresses
  });
  EXPECT_TRUE(failures.none());
  std::set<const Codec*> distinct(codecs.begin(), codecs.end());
  EXPECT_EQ(distinct.size(), static_cast<std::size_t>(kThreads));
}

TEST(ThreadLocalCodecThreads, ManyShortLivedThreads) {
  // Each thread builds state on its first call and frees it on exit.
  const ThreadLocalCodec facade(options_for(false));
  const Foo foo = kiln::workloads::make_foo();
  const Bytes expected = Codec().serialize(foo).value();
  Failures failures;
  for (int wave = 0; wave < 25; ++wave)
    run_threads(kThreads, [&](int) {
      Bytes bytes = facade.serialize(foo).value();
      kiln::Result<Foo> back = facade.deserialize<Foo>(bytes);
      if (bytes != expected || !back || !(*back == foo)) failures.add("short-lived thread");
    });
  EXPECT_TRUE(failures.none());
}

TEST(ThreadLocalCodecThreads, FacadesComeAndGoWhileThreadsLive) {
  // Long-lived threads see a new facade (alternating options) every generation, often at the
  // address of the one just destroyed; each thread also makes and drops private facades.
  constexpr int kGenerations = 40;
  const Struct s = kiln::workloads::make_struct();
  const Bytes fixed = Codec(options_for(false)).serialize(s).value();
  const Bytes compressed = Codec(options_for(true)).serialize(s).value();
  std::unique_ptr<ThreadLocalCodec> shared;
  std::barrier sync(kThreads + 1);
  Failures failures;
  std::thread owner([&] {
    for (int g = 0; g < kGenerations; ++g) {
      shared = std::make_unique<ThreadLocalCodec>(options_for(g % 2 == 1));
      sync.arrive_and_wait();  // published
      sync.arrive_and_wait();  // every worker done with it
      shared.reset();
    }
  });
  run_threads(kThreads, [&](int t) {
    for (int g = 0; g < kGenerations; ++g) {
      sync.arrive_and_wait();
      const Bytes& want = g % 2 == 1 ? compressed : fixed;
      if (shared->serialize(s).value() != want) failures.add("shared facade used a stale codec");
      ThreadLocalCodec own(options_for((g + t) % 2 == 1));
      if (own.serialize(s).value() != ((g + t) % 2 == 1 ? compressed : fixed))
        failures.add("private facade used a stale codec");
      if (shared->serialize(s).value() != want) failures.add("shared facade after a private one");
      sync.arrive_and_wait();
    }
  });
  owner.join();
  EXPECT_TRUE(failures.none());
}

TEST(PooledCodecThreads, SlotsAreNeverShared) {
  PooledCodec pool(options_for(true), 3);
  // Learn the slot codecs' addresses by leasing them all.
  std::vector<const Codec*> slot_codecs;
  {
    PooledCodec::Lease a = pool.acquire(), b = pool.acquire(), c = pool.acquire();
    for (auto* l : {&a, &b, &c}) {
      ASSERT_TRUE(l->pooled());
      slot_codecs.push_back(&**l);
    }
    EXPECT_FALSE(pool.acquire().pooled());
  }
  std::vector<std::atomic<int>> holders(slot_codecs.size());
  const std::vector<std::vector<Case>> cases = all_cases();
  Failures failures;
  std::atomic<int> overflowed{0};
  run_threads(kThreads, [&](int t) {
    const Case& c = cases[static_cast<std::size_t>(t)][1];
    const Foo& foo = std::get<Foo>(c.value);
    for (int i = 0; i < 300; ++i) {
      PooledCodec::Lease lease = pool.acquire();
      std::atomic<int>* holder = nullptr;
      if (lease.pooled()) {
        auto it = std::find(slot_codecs.begin(), slot_codecs.end(), &*lease);
        if (it == slot_codecs.end()) {
          failures.add("lease outside the pool");
          continue;
        }
        holder = &holders[static_cast<std::size_t>(it - slot_codecs.begin())];
        // Relaxed: the counter must not add synchronization that would hide a race from TSan.
        if (holder->fetch_add(1, std::memory_order_relaxed) != 0)
          failures.add("two leases on one slot");
      } else {
        overflowed.fetch_add(1, std::memory_order_relaxed);
      }
      // The view lives as long as the lease, while other threads use other slots.
      std::span<const std::uint8_t> view = lease->serialize_view(foo).value();
      kiln::Result<Foo> back = lease->deserialize<Foo>(view);
      if (!std::equal(view.begin(), view.end(), c.compressed.begin(), c.compressed.end()) ||
          !back || !(*back == foo))
        failures.add("thread " + std::to_string(t) + ": leased view differs");
      if (holder != nullptr) holder->fetch_sub(1, std::memory_order_relaxed);
    }
  });
  EXPECT_TRUE(failures.none());
  // With 8 threads on 3 slots the overflow path usually runs; its results are checked above.
  std::printf("[          ] %d of %d leases overflowed the 3-slot pool\n", overflowed.load(),
              kThreads * 300);
}

TEST(PooledCodecThreads, OneSlotManyThreads) {
  // Nearly every call overflows to a private codec; results must not care.
  const PooledCodec pool(options_for(false), 1);
  const std::vector<std::vector<Case>> cases = all_cases();
  Failures failures;
  run_threads(kThreads, [&](int t) {
    const std::vector<Case>& mine = cases[static_cast<std::size_t>(t)];
    for (int i = 0; i < 200; ++i) {
      const Case& c = mine[static_cast<std::size_t>(i) % mine.size()];
      check_case(pool, c, c, failures, "thread " + std::to_string(t));
    }
  });
  EXPECT_TRUE(failures.none());
}

}  // namespace
