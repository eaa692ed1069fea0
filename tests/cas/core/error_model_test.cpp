// The error model (cas/core/error.hpp): an interruption is not a limit, and on2's own bugs are
// cas errors that say so.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <type_traits>

#include "cas/core/context.hpp"
#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"

namespace {

static_assert(std::is_base_of_v<cas::error, cas::interrupted_error>);
static_assert(!std::is_base_of_v<cas::limit_error, cas::interrupted_error>);
static_assert(std::is_base_of_v<cas::error, cas::internal_error>);
static_assert(!std::is_base_of_v<std::logic_error, cas::internal_error>);

// Code that catches limits to fall back on something cheaper must let a Ctrl-C through.
TEST(ErrorModel, CatchingLimitsDoesNotSwallowAnInterruption) {
  cas::context ctx;
  ctx.cancellation().request();
  bool caught_as_limit = false;
  bool caught_as_interruption = false;
  try {
    try {
      (void)cas::nim_pow(cas::nimber::power_of_two(4000, ctx), cas::integer(1) << 4000, ctx);
    } catch (const cas::limit_error&) {
      caught_as_limit = true;
    }
  } catch (const cas::interrupted_error& e) {
    caught_as_interruption = true;
    EXPECT_EQ(std::string(e.what()), "The computation was interrupted.");
  }
  EXPECT_FALSE(caught_as_limit);
  EXPECT_TRUE(caught_as_interruption);
}

TEST(ErrorModel, AnInternalErrorAsksForAReport) {
  const cas::internal_error e("a computed root does not satisfy f.");
  EXPECT_EQ(std::string(e.what()),
            "on2 internal error: a computed root does not satisfy f. This is a bug in on2: "
            "please report it.");
}

}  // namespace
