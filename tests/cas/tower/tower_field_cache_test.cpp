// The tower fields a context keeps built (cas/tower/tower_field_cache.hpp): the same closure gets
// the same field back, the limit max_tower_cache_degree bounds the degrees kept (least recently
// used first out), max_tower_degree still holds for kept fields, and threads sharing a context
// get the answers of one thread. Also the Cantor coordinates of tower elements
// (tower_field::cantor_bits), on which primitive(a) relies.
#include "cas/tower/tower_field_cache.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/primitive_elements.hpp"
#include "ordinal_builders.hpp"

namespace {

using cas::ordinal;
using on2_test::finite;
using on2_test::sum;
using on2_test::term;

// Degree 1260: κ_7·κ_5·κ_9·12; degree 660: κ_11·κ_5·κ_3·4 (each generates its whole field).
const ordinal degree_1260 = term({3, 1, 1}, 12);
const ordinal degree_660 = term({1, 1, 0, 1}, 4);

TEST(TowerFieldCache, TheSameClosureGetsTheSameField) {
  cas::context ctx;
  const auto first = cas::cached_spanning_field({degree_1260}, ctx);
  EXPECT_EQ(first->degree(), 1260);
  const auto again = cas::cached_tower_field(cas::closure_of(degree_1260, ctx), ctx);
  EXPECT_EQ(first.get(), again.get());
  EXPECT_EQ(cas::tower_cache_usage_of(ctx).fields, 1u);
  EXPECT_EQ(cas::tower_cache_usage_of(ctx).total_degree, 1260u);
  // The field functions go through the cache.
  EXPECT_EQ(cas::nim_degree(degree_660, ctx), 660u);
  EXPECT_EQ(cas::tower_cache_usage_of(ctx).fields, 2u);
  EXPECT_EQ(cas::tower_cache_usage_of(ctx).total_degree, 1920u);
  // Another context has its own.
  cas::context other;
  EXPECT_NE(cas::cached_spanning_field({degree_1260}, other).get(), first.get());
}

TEST(TowerFieldCache, TheLimitBoundsTheDegreesKept) {
  cas::context ctx;
  ctx.limits().max_tower_cache_degree = 1925;
  const auto big = cas::cached_spanning_field({degree_1260}, ctx);
  const auto small = cas::cached_spanning_field({degree_660}, ctx);
  EXPECT_EQ(cas::tower_cache_usage_of(ctx).total_degree, 1920u);
  // Using the 1260 field makes the 660 one the least recently used: GF(2^6) pushes it out.
  EXPECT_EQ(cas::cached_spanning_field({degree_1260}, ctx).get(), big.get());
  const auto tiny = cas::cached_spanning_field({ordinal::omega()}, ctx);
  EXPECT_EQ(cas::tower_cache_usage_of(ctx).fields, 2u);
  EXPECT_EQ(cas::tower_cache_usage_of(ctx).total_degree, 1266u);
  EXPECT_EQ(cas::cached_spanning_field({degree_1260}, ctx).get(), big.get());
  EXPECT_EQ(cas::cached_spanning_field({ordinal::omega()}, ctx).get(), tiny.get());
  EXPECT_NE(cas::cached_spanning_field({degree_660}, ctx).get(), small.get());  // built again
  EXPECT_LE(cas::tower_cache_usage_of(ctx).total_degree, 1925u);
  // A field above the limit on its own is built, not kept, and drops nothing.
  cas::context short_cache;
  short_cache.limits().max_tower_cache_degree = 1000;
  const auto kept = cas::cached_spanning_field({degree_660}, short_cache);
  const auto uncached = cas::cached_spanning_field({degree_1260}, short_cache);
  EXPECT_EQ(uncached->degree(), 1260);
  EXPECT_EQ(cas::tower_cache_usage_of(short_cache).fields, 1u);
  EXPECT_EQ(cas::tower_cache_usage_of(short_cache).total_degree, 660u);
  EXPECT_NE(cas::cached_spanning_field({degree_1260}, short_cache).get(), uncached.get());
  EXPECT_EQ(cas::cached_spanning_field({degree_660}, short_cache).get(), kept.get());
  // 0 keeps nothing.
  cas::context none;
  none.limits().max_tower_cache_degree = 0;
  EXPECT_NE(cas::cached_spanning_field({degree_660}, none).get(),
            cas::cached_spanning_field({degree_660}, none).get());
  EXPECT_EQ(cas::tower_cache_usage_of(none).fields, 0u);
}

TEST(TowerFieldCache, MaxTowerDegreeHoldsForKeptFields) {
  cas::context ctx;
  EXPECT_EQ(cas::nim_order(ordinal::omega(), ctx), 9);
  ctx.limits().max_tower_degree = 4;
  EXPECT_THROW(cas::nim_order(ordinal::omega(), ctx), cas::limit_error);
}

TEST(TowerFieldCache, ThreadsSharingAContextAgree) {
  cas::context ctx;
  const std::vector<ordinal> values = {degree_1260, degree_660, ordinal::omega(),
                                       sum({term({0, 1}, 1), ordinal::omega(), finite(3)})};
  std::vector<cas::integer> expected;
  {
    cas::context alone;
    for (const ordinal& v : values) expected.push_back(cas::nim_order(v, alone));
  }
  std::vector<std::vector<cas::integer>> answers(4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < answers.size(); ++t) {
    threads.emplace_back([&, t] {
      for (std::size_t i = 0; i < values.size(); ++i) {
        answers[t].push_back(cas::nim_order(values[(i + t) % values.size()], ctx));
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (std::size_t t = 0; t < answers.size(); ++t) {
    for (std::size_t i = 0; i < values.size(); ++i) {
      EXPECT_EQ(answers[t][i], expected[(i + t) % values.size()]);
    }
  }
}

TEST(TowerFieldCache, CantorBitsFollowTheCantorOrder) {
  // GF(64) = F₂(ω): [ω^2·c2 + ω·c1 + c0] has the Cantor coordinates c2·16 + c1·4 + c0.
  const cas::tower_field field = cas::tower_field::spanning({ordinal::omega()});
  for (std::uint64_t t = 0; t < 64; ++t) {
    ordinal x = finite(t % 4);
    if (t / 4 % 4 != 0) x = cas::nim_add(x, term({1}, t / 4 % 4));
    if (t / 16 != 0) x = cas::nim_add(x, term({2}, t / 16));
    EXPECT_EQ(field.cantor_bits(field.from_ordinal(x)), std::vector<std::uint64_t>{t});
    EXPECT_EQ(field.to_ordinal(field.from_cantor_bits({t})), x);
  }
  // In the degree-1260 field, sorting by the coordinates sorts the ordinals.
  const cas::tower_field big = cas::tower_field::spanning({degree_1260});
  std::vector<ordinal> values = {degree_1260,       term({0, 0, 1}, 3), term({2, 1}, 15),
                                 term({0, 1}, 2),   finite(9),          ordinal::omega(),
                                 term({1, 2, 1}, 1)};
  std::vector<std::vector<std::uint64_t>> bits;
  for (const ordinal& v : values) {
    std::vector<std::uint64_t> b = big.cantor_bits(big.from_ordinal(v));
    std::reverse(b.begin(), b.end());  // most significant word first, to compare
    bits.push_back(b);
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    for (std::size_t j = 0; j < values.size(); ++j) {
      EXPECT_EQ(values[i] < values[j], bits[i] < bits[j]) << i << " " << j;
    }
  }
}

}  // namespace
