// Bad input to the finite core: clear errors naming the value, never a crash.
#include <gtest/gtest.h>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "test_support.hpp"

namespace {

using cas::nimber;

using on2_test::message_of;

TEST(NimberErrors, DivisionByZeroIsAMathError) {
  EXPECT_EQ(message_of<cas::math_error>([] { cas::nim_inv(0); }),
            "The nimber 0 has no inverse (nim division by zero).");
  EXPECT_EQ(message_of<cas::math_error>([] { cas::nim_div(5, 0); }), "Nim division by zero.");
  EXPECT_EQ(message_of<cas::math_error>([] { cas::nim_inv64(0); }),
            "The nimber 0 has no inverse (nim division by zero).");
  EXPECT_THROW(cas::nim_inv128({0, 0}), cas::math_error);
  EXPECT_EQ(message_of<cas::math_error>([] { cas::nim_pow(0, -3); }),
            "The nimber 0 has no inverse (0 to a negative power).");
  EXPECT_EQ(message_of<cas::math_error>([] { cas::nim_order(0); }),
            "The nimber 0 has no multiplicative order.");
}

TEST(NimberErrors, NegativeValueIsARangeError) {
  EXPECT_EQ(message_of<cas::range_error>([] { nimber(cas::integer(-7)); }),
            "A nimber is a natural number; -7 is negative.");
}

TEST(NimberErrors, TooLargeSizesAreLimitErrorsNamingTheLimit) {
  EXPECT_EQ(message_of<cas::limit_error>([] { nimber::power_of_two(std::uint64_t{1} << 24); }),
            "The nimber's size in bits is 16777217, above the limit max_nimber_bits = 16777216.");
  EXPECT_EQ(message_of<cas::limit_error>([] { nimber(cas::integer(1) << (1 << 24)); }),
            "The nimber's size in bits is 16777217, above the limit max_nimber_bits = 16777216.");
  EXPECT_THROW(nimber::fermat_power(cas::tower_level{24}), cas::limit_error);
  EXPECT_THROW(nimber::fermat_power(cas::tower_level{1000}), cas::limit_error);
  EXPECT_THROW(nimber::power_of_two(~std::uint64_t{0}), cas::limit_error);
  // The largest value allowed is accepted.
  EXPECT_EQ(nimber::power_of_two((std::uint64_t{1} << 24) - 1).bit_length(),
            std::uint64_t{1} << 24);
}

TEST(NimberErrors, SmallerContextLimitsApply) {
  cas::limits small;
  small.max_nimber_bits = 100;
  cas::context ctx(small);
  EXPECT_THROW(nimber::power_of_two(100, ctx), cas::limit_error);
  EXPECT_NO_THROW(nimber::power_of_two(99, ctx));
  // y^2 + y = 2^63 has its roots in GF(2^128), above 100 bits.
  EXPECT_THROW(cas::solve_artin_schreier(nimber::power_of_two(63), ctx), cas::limit_error);
}

TEST(NimberErrors, MinpolyAndOrderBeyondTheirLimits) {
  EXPECT_EQ(message_of<cas::limit_error>(
                [] { cas::nim_minpoly(nimber::power_of_two(std::uint64_t{1} << 21)); }),
            "The degree of the minimal polynomial is 4194304, above the limit "
            "max_nimber_minpoly_degree = 1048576.");
  EXPECT_EQ(message_of<cas::limit_error>([] { cas::nim_order(nimber::power_of_two(5000)); }),
            "The multiplicative order of a nimber of degree 8192 needs the factorisation of 2^8192 "
            "− 1, which includes the Fermat number 2^(2^12) + 1, not completely factored; on2 "
            "handles degrees up to 4096.");
}

TEST(NimberErrors, TraceAndNormOutsideTheirField) {
  EXPECT_EQ(message_of<cas::math_error>(
                [] { cas::nim_trace(nimber(300), cas::tower_level{3}, cas::tower_level{0}); }),
            "The nimber 300 does not lie in GF(2^8).");
  EXPECT_THROW(cas::nim_trace(nimber(3), cas::tower_level{1}, cas::tower_level{2}),
               cas::math_error);
  EXPECT_THROW(cas::nim_norm(nimber(3), cas::tower_level{1}, cas::tower_level{2}), cas::math_error);
  EXPECT_THROW(cas::nim_trace(nimber(3), cas::tower_level{30}, cas::tower_level{0}),
               cas::limit_error);
  EXPECT_THROW(cas::nim_trace(nimber(3), cas::tower_level{200}, cas::tower_level{0}),
               cas::limit_error);
}

TEST(NimberErrors, HugeExponentIsALimitError) {
  cas::limits small;
  small.max_exponent_bits = 64;
  cas::context ctx(small);
  EXPECT_THROW(cas::nim_pow(nimber(2), cas::integer(1) << 64, ctx), cas::limit_error);
  EXPECT_EQ(cas::nim_pow(nimber(2), (cas::integer(1) << 63) + 1, ctx),
            nimber(1));  // 2^63 + 1 ≡ 0 mod 3, the order of 2
}

}  // namespace
