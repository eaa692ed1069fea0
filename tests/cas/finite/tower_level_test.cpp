// cas::tower_level (cas/finite/tower_level.hpp): the nimber trace and norm between levels of the
// Fermat tower take levels of their own type, so plain integers cannot be read as levels, and a
// nimber with one integer reaches the ordinal trace down to a degree.
#include "cas/finite/tower_level.hpp"

#include <gtest/gtest.h>

#include <type_traits>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "test_support.hpp"

namespace {

template <class... Arguments>
concept trace_callable = requires(Arguments... arguments) {
  cas::nim_trace(arguments...);
};
template <class... Arguments>
concept norm_callable = requires(Arguments... arguments) {
  cas::nim_norm(arguments...);
};

static_assert(!std::is_convertible_v<unsigned, cas::tower_level>);
static_assert(!trace_callable<cas::nimber, unsigned, unsigned>);
static_assert(!trace_callable<cas::nimber, int, int>);
static_assert(!norm_callable<cas::nimber, unsigned, unsigned>);
static_assert(trace_callable<cas::nimber, cas::tower_level, cas::tower_level>);
static_assert(norm_callable<cas::nimber, cas::tower_level, cas::tower_level>);
static_assert(cas::tower_level{3}.degree() == 8);

using cas::nimber;
using cas::tower_level;

// The trace from GF(2^32) down to GF(2^8) by its definition: the sum of a^(2^(8i)), i < 4.
nimber trace_by_definition(const nimber& a) {
  nimber sum, conjugate = a;
  for (int i = 0; i < 4; ++i) {
    sum = cas::nim_add(sum, conjugate);
    conjugate = cas::nim_pow(conjugate, cas::integer(256));
  }
  return sum;
}

TEST(TowerLevel, TraceBetweenLevelsIsTheSumOfTheConjugates) {
  const nimber a(0xdeadbeefu);
  const nimber trace = cas::nim_trace(a, tower_level{5}, tower_level{3});
  EXPECT_EQ(trace, trace_by_definition(a));
  EXPECT_EQ(trace, nimber(0xdeu));  // the top 8 bits (docs/spec/arithmetic.md §2, "Trace")
}

// One integer after a nimber is a degree (the ordinal overload): down to GF(2^8) it is the
// level trace down to tower_level{3}; down to GF(2^3), whose intersection with GF(2^32) is GF(2),
// it is the absolute trace, not the trace down to the level 3.
TEST(TowerLevel, OneIntegerIsADegreeNotALevel) {
  const nimber a(0xdeadbeefu);
  EXPECT_EQ(cas::nim_trace(a, 8), cas::ordinal(cas::nim_trace(a, tower_level{5}, tower_level{3})));
  EXPECT_EQ(cas::nim_trace(a, 3), cas::ordinal(cas::nim_trace(a, tower_level{5}, tower_level{0})));
  EXPECT_NE(cas::nim_trace(a, 3), cas::ordinal(cas::nim_trace(a, tower_level{5}, tower_level{3})));
}

TEST(TowerLevel, TheLevelsContextLimitsTheField) {
  cas::limits small;
  small.max_nimber_bits = 16;
  const cas::context ctx(small);
  EXPECT_THROW(cas::nim_trace(nimber(3), tower_level{5}, tower_level{0}, ctx), cas::limit_error);
  EXPECT_EQ(cas::nim_trace(nimber(0xabcdu), tower_level{4}, tower_level{3}, ctx), nimber(0xabu));
}

// A target level far above the source is named, not shifted out of a 64-bit word (which was
// undefined behaviour and printed GF(2^64) for the level 70).
TEST(TowerLevel, AnUpwardTraceNamesBothFields) {
  EXPECT_EQ(on2_test::message_of<cas::math_error>(
                [] { cas::nim_trace(nimber(3), tower_level{1}, tower_level{70}); }),
            "A trace goes down the tower: GF(2^(2^70)) is not a subfield of GF(2^2).");
  EXPECT_EQ(on2_test::message_of<cas::math_error>(
                [] { cas::nim_norm(nimber(3), tower_level{1}, tower_level{3}); }),
            "A norm goes down the tower: GF(2^8) is not a subfield of GF(2^2).");
}

}  // namespace
