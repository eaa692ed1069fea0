// The context: limits and the cancellation token that long loops poll.
#include "cas/core/context.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string_view>
#include <thread>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/core/limit_names.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "test_support.hpp"

namespace {

TEST(Context, PollThrowsOnlyAfterARequest) {
  cas::context ctx;
  EXPECT_NO_THROW(ctx.poll());
  ctx.cancellation().request();
  EXPECT_THROW(ctx.poll(), cas::interrupted_error);
  ctx.cancellation().reset();
  EXPECT_NO_THROW(ctx.poll());
}

TEST(Context, CancellationStopsABigPower) {
  cas::context ctx;
  ctx.cancellation().request();
  const cas::nimber a = on2_test::random_nimber(4096);
  EXPECT_THROW(cas::nim_pow(a, cas::integer(1) << 4000, ctx), cas::interrupted_error);
  EXPECT_THROW(cas::nim_order(cas::nimber::power_of_two(3000), ctx), cas::interrupted_error);
}

// The request comes from another thread once the loop has started; the next product polls and
// throws. No clock: the loop would take minutes without the poll, and the count of products done
// after the request shows that the poll came at once.
TEST(Context, CancellationFromAnotherThreadStopsABigProductLoop) {
  cas::context ctx;
  const cas::nimber a = on2_test::random_nimber(1 << 16);
  std::atomic<int> done{0};
  std::atomic<int> done_at_request{-1};
  std::thread canceller([&] {
    while (done.load() < 2) std::this_thread::yield();
    done_at_request = done.load();
    ctx.cancellation().request();
  });
  EXPECT_THROW(
      {
        cas::nimber x = a;
        for (int i = 0; i < 1000000; ++i) {
          x = cas::nim_mul(x, a, ctx);
          ++done;
        }
      },
      cas::interrupted_error);
  canceller.join();
  // Between reading the count and the request one product may end; the one running at the
  // request may finish; the next one throws.
  EXPECT_LE(done.load() - done_at_request.load(), 2);
}

// tests/per_test_seed.cpp seeds the engine from the test's own name before it starts, whatever
// ran before it in the binary.
TEST(PerTestSeed, EachTestStartsFromItsOwnSeed) {
  std::mt19937_64 expected(
      on2_test::seed_of_test("PerTestSeed.EachTestStartsFromItsOwnSeed", on2_test::base_seed()));
  EXPECT_EQ(on2_test::random_word(), expected());
  EXPECT_EQ(on2_test::random_word(), expected());
}

TEST(Context, LimitMessagesNameTheLimit) {
  cas::context ctx;
  try {
    ctx.check_limit(11, 10, "The widget count", "max_widgets");
    FAIL();
  } catch (const cas::limit_error& e) {
    EXPECT_STREQ(e.what(), "The widget count is 11, above the limit max_widgets = 10.");
  }
  EXPECT_NO_THROW(ctx.check_limit(10, 10, "The widget count", "max_widgets"));
}

}  // namespace

namespace {

TEST(Context, ADerivedContextSharesTheCancellationToken) {
  cas::context parent;
  const cas::alpha_table table;
  const cas::context child(parent, table);
  EXPECT_EQ(child.alpha_table_override(), &table);
  EXPECT_EQ(&cas::alphas_of(child), &table);
  EXPECT_EQ(child.limits().max_nimber_bits, parent.limits().max_nimber_bits);
  EXPECT_NO_THROW(child.poll());
  parent.cancellation().request();  // e.g. Ctrl-C during `on2 --compute-alpha`
  EXPECT_THROW(child.poll(), cas::interrupted_error);
}

}  // namespace

namespace {

// The core carries only the pointer: a context without a table of its own uses the embedded one.
TEST(Context, WithoutATableOfItsOwnTheEmbeddedOneIsUsed) {
  const cas::context ctx;
  EXPECT_EQ(ctx.alpha_table_override(), nullptr);
  EXPECT_EQ(&cas::alphas_of(ctx), &cas::embedded_alpha_table());
  EXPECT_EQ(&cas::alphas_of(cas::default_context()), &cas::embedded_alpha_table());
}

}  // namespace

TEST(Context, EveryLimitHasADistinctName) {
  // limit_names.cpp fails to compile when cas::limits gains a field without a name; here each
  // name finds its own field.
  cas::limits l;
  std::set<std::string_view> names;
  std::uint64_t value = 1;
  for (const cas::limit_name& entry : cas::limit_names()) {
    EXPECT_TRUE(names.insert(entry.name).second) << entry.name;
    EXPECT_EQ(cas::find_limit_name(entry.name), &entry);
    l.*entry.member = ++value;
  }
  value = 1;
  for (const cas::limit_name& entry : cas::limit_names()) EXPECT_EQ(l.*entry.member, ++value);
  EXPECT_EQ(cas::find_limit_name("max_widgets"), nullptr);
  EXPECT_EQ(cas::find_limit_name("max_ecm_curves")->member, &cas::limits::max_ecm_curves);
}

TEST(Context, EachContextHasItsOwnReproducibleRandomNumbers) {
  cas::context a, b;
  std::vector<std::uint64_t> first;
  for (int i = 0; i < 8; ++i) first.push_back(a.random().next());
  for (int i = 0; i < 8; ++i) EXPECT_EQ(b.random().next(), first[static_cast<std::size_t>(i)]);
  a.random().reseed(1);
  EXPECT_NE(a.random().next(), first[0]);
  a.random().reseed(0);
  EXPECT_EQ(a.random().next(), first[0]);
  for (std::uint64_t bound : {1ull, 2ull, 3ull, 1000ull, (1ull << 63) + 1}) {
    for (int i = 0; i < 100; ++i) EXPECT_LT(a.random().below(bound), bound);
  }
  EXPECT_EQ(a.random().below(0), 0u);
}
