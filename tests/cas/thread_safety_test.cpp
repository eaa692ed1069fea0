// Thread safety (docs/architecture.md, "Thread safety"): values may be shared between threads,
// the embedded tables are initialised once however many threads touch them first, and a
// tower_field may be shared by threads that only compute in it. Several threads compute the
// same products at once; the answers are then compared with the same computations done on one
// thread. The threads run first, so they are the first to touch every table (the kernel tables,
// the α_p table, the prime, Fermat and Mersenne tables): this program has no other test.
#include <gtest/gtest.h>

#include <cstddef>
#include <thread>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "cas/tower/tower.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::nimber;
using cas::ordinal;
using on2_test::finite;
using on2_test::sum;
using on2_test::term;

struct inputs {
  std::vector<std::uint64_t> words;
  std::vector<nimber> nimbers;    // of 128, 1024, 8192 and 65536 bits
  std::vector<ordinal> ordinals;  // κ's of several primes, so products need α_p
};

struct results {
  std::vector<std::uint64_t> word_products;
  std::vector<nimber> nimber_products, nimber_inverses;
  std::vector<cas::integer> orders;
  std::vector<ordinal> ordinal_products, ordinal_inverses;
  std::vector<cas::tower_field::element> tower_products;
  friend bool operator==(const results&, const results&) = default;
};

inputs make_inputs() {
  inputs in;
  for (int i = 0; i < 64; ++i) in.words.push_back(on2_test::random_word());
  for (std::uint64_t bits : {128u, 1024u, 8192u, 65536u}) {
    in.nimbers.push_back(on2_test::random_nimber(bits));
    in.nimbers.push_back(on2_test::random_nimber(bits));
  }
  in.ordinals = {term({1}), sum({term({2}, 3), finite(5)}), term({0, 1}, 2),
                 sum({term({0, 0, 1}), term({3}, 7)}), sum({term({1, 1}), finite(9)})};
  return in;
}

// Everything one thread computes; `shared` is a field all threads use at once.
results compute(const inputs& in, const cas::tower_field& shared) {
  const cas::context ctx;
  results r;
  for (std::size_t i = 0; i + 1 < in.words.size(); ++i) {
    r.word_products.push_back(cas::nim_mul64(in.words[i], in.words[i + 1]));
  }
  for (std::size_t i = 0; i + 1 < in.nimbers.size(); ++i) {
    r.nimber_products.push_back(cas::nim_mul(in.nimbers[i], in.nimbers[i + 1], ctx));
  }
  for (std::size_t i = 0; i < 4; ++i) r.nimber_inverses.push_back(cas::nim_inv(in.nimbers[i], ctx));
  r.orders.push_back(cas::nim_order(nimber(in.words[0]), ctx));  // the Fermat factors
  r.orders.push_back(cas::nim_order(in.ordinals[0], ctx));       // 2^d − 1's factors
  for (std::size_t i = 0; i < in.ordinals.size(); ++i) {
    for (std::size_t j = i; j < in.ordinals.size(); ++j) {
      r.ordinal_products.push_back(cas::nim_mul(in.ordinals[i], in.ordinals[j], ctx));
    }
    r.ordinal_inverses.push_back(cas::nim_inv(in.ordinals[i], ctx));
  }
  for (std::size_t i = 0; i + 1 < in.ordinals.size(); ++i) {
    const auto x = shared.from_ordinal(in.ordinals[i]);
    const auto y = shared.from_ordinal(in.ordinals[i + 1]);
    r.tower_products.push_back(shared.mul(x, y));
    r.tower_products.push_back(shared.inverse(x));
    r.tower_products.push_back(shared.frobenius(y, 3));
    r.tower_products.push_back(shared.frobenius(y, 40 + i % 5));  // the shared plan cache
  }
  return r;
}

TEST(ThreadSafety, SeveralThreadsFirstTouchTheTablesAndMultiply) {
  const inputs in = make_inputs();
  constexpr int thread_count = 4;
  std::vector<results> from_threads(thread_count);
  {
    // Each thread builds its own field: building one touches the α_p table.
    std::vector<std::thread> threads;
    for (int t = 0; t < thread_count; ++t) {
      threads.emplace_back([&, t] {
        const cas::tower_field field = cas::tower_field::spanning(in.ordinals);
        from_threads[static_cast<std::size_t>(t)] = compute(in, field);
      });
    }
    for (std::thread& thread : threads) thread.join();
  }
  // One field shared by every thread.
  const cas::tower_field shared = cas::tower_field::spanning(in.ordinals);
  std::vector<results> sharing(thread_count);
  {
    std::vector<std::thread> threads;
    for (int t = 0; t < thread_count; ++t) {
      threads.emplace_back([&, t] { sharing[static_cast<std::size_t>(t)] = compute(in, shared); });
    }
    for (std::thread& thread : threads) thread.join();
  }
  const results expected = compute(in, shared);
  for (int t = 0; t < thread_count; ++t) {
    EXPECT_TRUE(from_threads[static_cast<std::size_t>(t)] == expected)
        << "first touch, thread " << t;
    EXPECT_TRUE(sharing[static_cast<std::size_t>(t)] == expected) << "shared field, thread " << t;
  }
  // The single-threaded answers are right, too: a product and its inverse.
  EXPECT_EQ(cas::nim_mul(in.nimbers[0], expected.nimber_inverses[0]), nimber(1));
  EXPECT_EQ(cas::nim_mul(in.ordinals[1], expected.ordinal_inverses[1]), finite(1));
}

}  // namespace
