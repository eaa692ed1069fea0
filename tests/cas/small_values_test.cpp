// White-box: values below 2^64 cost no allocation (cas/finite/nimber.hpp keeps one limb inline,
// cas/ordinal/ordinal.hpp one term), so loops over small values allocate nothing for them
// (issue 18, "Speed"). A program of its own, since it replaces the global operator new to count
// the allocations made between two points.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "cas/finite/nimber.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/ordinal_product.hpp"

namespace {
std::atomic<std::size_t> allocations{0};
}  // namespace

// The replacements pair malloc with free; GCC, seeing operator new inlined into a container's
// deallocation, takes the free for a mismatch.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace {

using cas::nimber;
using cas::ordinal;

// The tables and the default context are built by the first calls: before counting.
void warm_up() {
  (void)cas::nim_mul(nimber(5), nimber(7));
  (void)cas::nim_mul(ordinal(nimber(5)), ordinal(nimber(7)));
}

TEST(SmallValues, NimbersBelowTwoToTheSixtyFourAllocateNothing) {
  warm_up();
  const std::size_t before = allocations;
  const nimber a(0x123456789abcdefULL), b(77);
  nimber c = cas::nim_mul(a, b);
  c = cas::nim_add(c, a);
  const nimber copy = c;
  const nimber moved = std::move(c);
  EXPECT_EQ(allocations - before, 0u);
  EXPECT_EQ(copy, moved);
  EXPECT_EQ(copy, nimber(cas::nim_mul64(0x123456789abcdefULL, 77) ^ 0x123456789abcdefULL));
  EXPECT_EQ(copy.limbs().size(), 1u);
}

TEST(SmallValues, FiniteOrdinalsAllocateNothing) {
  warm_up();
  const std::size_t before = allocations;
  const ordinal a(nimber(12345)), b(nimber(678)), zero;
  ordinal sum = cas::nim_add(a, b);
  const ordinal product = cas::nim_mul(a, b);  // the finite core, through the tower layer's choice
  const ordinal copy = product;
  sum = copy;
  EXPECT_EQ(allocations - before, 0u);
  EXPECT_EQ(sum, ordinal(nimber(cas::nim_mul64(12345, 678))));
  EXPECT_EQ(a.terms().size(), 1u);
  EXPECT_TRUE(zero.terms().empty());
  EXPECT_TRUE(cas::nim_add(a, a).is_zero());
}

// The counter does count: longer values and several terms are on the heap.
TEST(SmallValues, LongerValuesAreOnTheHeap) {
  const std::size_t before = allocations;
  const nimber big = nimber::power_of_two(100);
  EXPECT_GT(allocations - before, 0u);
  EXPECT_EQ(big.limbs().size(), 2u);
  const std::size_t middle = allocations;
  const ordinal two_terms = cas::nim_add(ordinal::omega(), ordinal(nimber(1)));
  EXPECT_GT(allocations - middle, 0u);
  EXPECT_EQ(two_terms.terms().size(), 2u);
}

}  // namespace
