// The context: limits and the cancellation token that long loops poll.
#include <gtest/gtest.h>

#include <thread>

#include "cas/alpha_table.hpp"
#include "cas/context.hpp"
#include "cas/error.hpp"
#include "cas/nimber.hpp"
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

TEST(Context, CancellationFromAnotherThreadStopsABigProductLoop) {
  cas::context ctx;
  const cas::nimber a = on2_test::random_nimber(1 << 16);
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ctx.cancellation().request();
  });
  const auto start = std::chrono::steady_clock::now();
  EXPECT_THROW(
      {
        cas::nimber x = a;
        for (int i = 0; i < 1000000; ++i) x = cas::nim_mul(x, a, ctx);
      },
      cas::interrupted_error);
  canceller.join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
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
  EXPECT_EQ(&child.alphas(), &table);
  EXPECT_EQ(child.limits().max_nimber_bits, parent.limits().max_nimber_bits);
  EXPECT_NO_THROW(child.poll());
  parent.cancellation().request();  // e.g. Ctrl-C during `on2 --compute-alpha`
  EXPECT_THROW(child.poll(), cas::interrupted_error);
}

}  // namespace
