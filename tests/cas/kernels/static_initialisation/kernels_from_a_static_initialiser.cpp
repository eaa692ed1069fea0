// A user's static initialiser that calls the kernels. This translation unit is linked before
// the cas library, so its initialiser runs before any of cas's: every call below found a
// dynamically initialised kernel dispatch still null and crashed (issue 16). It records what it
// computed; the test (static_initialisation_test.cpp) checks the values inside main.
#include "kernels_from_a_static_initialiser.hpp"

#include "cas/arith/fermat_numbers.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/tower/ordinal_field.hpp"

namespace on2_test {
namespace {

// Fixed operands: every byte nonzero, so every table row takes part.
constexpr std::uint64_t first = 0x9e3779b97f4a7c15, second = 0xc2b2ae3d27d4eb4f;

kernel_results compute() {
  kernel_results r;
  r.product64 = cas::nim_mul64(first, second);
  r.product128 = cas::nim_mul128({first, second}, {second, first});
  r.square64 = cas::nim_square64(first);
  r.root64 = cas::nim_sqrt64(first);
  r.inverse64 = cas::nim_inv64(first);
  r.inverse128 = cas::nim_inv128({first, second});
  r.path = cas::active_kernel_path();
  const std::uint64_t a[9] = {first, second, 1, 2, 3, 4, 5, 6, 7};
  const std::uint64_t b[9] = {second, first, 7, 6, 5, 4, 3, 2, 1};
  cas::nim_mul64_batch(a, b, r.batch64.data(), 9);
  const cas::nim128 a128[2] = {{first, second}, {1, first}};
  const cas::nim128 b128[2] = {{second, first}, {second, 3}};
  cas::nim_mul128_batch(a128, b128, r.batch128.data(), 2);
  // Through the nimber type: a 1024-bit square (the AVX-512 block code on such CPUs).
  const cas::nimber big = cas::nim_add(cas::nimber::power_of_two(1000), cas::nimber(first));
  r.big_square_is_product = cas::nim_square(big) == cas::nim_mul(big, big);
  // Beyond the kernels: the library's other constants (a zero digit, a zero coefficient, the
  // Fermat factors) and the κ decomposition, through ω³ = 2.
  r.fermat5_smallest_factor = cas::fermat_number_prime_factors(5).front() == 641;
  r.omega_cubed_is_two = cas::nim_pow(cas::ordinal::omega(), 3) == cas::ordinal(2);
  r.zero_coefficient = cas::polynomial().coefficient(7) == cas::ordinal();
  r.ran = true;
  return r;
}

}  // namespace

const kernel_results results_from_static_initialiser = compute();

}  // namespace on2_test
