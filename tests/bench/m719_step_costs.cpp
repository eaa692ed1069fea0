// The cost of the steps of the method for m_719 (docs/lenstra.md, "m_719"), measured on the real
// sizes where they fit: the field K = GF(2^3504820) of α_359, over which the top level
// L = K(κ_359), t^359 = α_359, of GF(2^1258230380) is a polynomial ring, and gf2x products of
// GF(2)[x] polynomials up to the Kronecker size of a product of two elements of L over K.
// Usage: m719_step_costs [LOG2_MAX_GF2X_BITS] (default 27); run under `nice -n 19`.
// It prints processor seconds per step and the projections; it is not part of the test suite.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <vector>

#ifdef ON2_HAVE_GF2X
#include <gf2x.h>
#endif

#include "cas/kappa/alpha_table.hpp"
#include "cas/tower/tower.hpp"

namespace {

// Processor seconds since `start`: on a shared machine the wall time says little.
double seconds_since(std::clock_t start) {
  return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
}

// A dense element: every word random within the packed base's bits.
cas::tower_field::element random_element(const cas::tower_field& field, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  cas::tower_field::element x(field.words());
  const std::uint64_t mask =
      field.base_bits() == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << field.base_bits()) - 1;
  for (auto& w : x) w = random() & mask;
  return x;
}

}  // namespace

int main(int argc, char** argv) {
  const int log2_max_bits = argc > 1 ? std::atoi(argv[1]) : 27;
  const cas::context ctx;
  auto start = std::clock();
  const cas::tower_field k =
      cas::tower_field::spanning({cas::embedded_alpha_table().alpha(359)}, ctx);
  std::printf("K = GF(2^%s): %zu words of %u bits, built in %.1f s\n", k.degree().str().c_str(),
              k.words(), k.base_bits(), seconds_since(start));
  const auto x = random_element(k, 1), y = random_element(k, 2);
  start = std::clock();
  auto product = k.mul(x, y);
  const double mul = seconds_since(start);
  start = std::clock();
  auto square = k.square(x);
  const double sqr = seconds_since(start);
  start = std::clock();
  auto image = k.frobenius(x, 359);
  const double frob = seconds_since(start);
  start = std::clock();
  image = k.frobenius(image, 359 * 1024);
  const double frob_far = seconds_since(start);
  std::printf("K product %.3f s, square %.4f s, Frobenius 2^359 %.3f s, 2^(359*1024) %.3f s\n", mul,
              sqr, frob, frob_far);
  // One step of the norm by doubling in L: σ^k on an element of L (359 Frobenius images of its
  // coefficients in K and 359 products by the powers of c_k, with c_2k = σ^k(c_k)·c_k^(r_k)),
  // then one product in L, by Karatsuba over K (359^log2(3) ≈ 11 000 products in K).
  const double sigma = 359 * (frob + mul) + 2 * 9 * mul;
  const double karatsuba = 11000 * mul;
  std::printf(
      "projected: σ^k on L %.0f s, L product by Karatsuba over K %.0f s, "
      "22 doubling steps with ~2.5 products each %.1f h\n",
      sigma, karatsuba, 22 * (2 * sigma + 2.5 * karatsuba) / 3600);
  if (product.empty() || square.empty() || image.empty()) return 1;
#ifdef ON2_HAVE_GF2X
  // The L product by Kronecker substitution over K would be one GF(2)[x] product of
  // 359 · 2 · 3504820 ≈ 2.5·10^9 bits (if K had a polynomial basis) and 717 reductions in K.
  double last = 0;
  int last_log2 = 0;
  for (int log2_bits = 20; log2_bits <= log2_max_bits; log2_bits += 2) {
    const std::size_t n = (std::size_t{1} << log2_bits) / 64;
    std::vector<unsigned long> a(n), b(n), c(2 * n);
    std::mt19937_64 random(3);
    for (auto& w : a) w = random();
    for (auto& w : b) w = random();
    start = std::clock();
    gf2x_mul(c.data(), a.data(), n, b.data(), n);
    last = seconds_since(start);
    last_log2 = log2_bits;
    std::printf("gf2x product of two 2^%d-bit polynomials: %.2f s\n", log2_bits, last);
  }
  const double target = 359.0 * 2 * 3504820;
  const double scale = target / static_cast<double>(std::uint64_t{1} << last_log2);
  std::printf("projected gf2x product of %.2e bits (n log n from 2^%d): %.0f s, operands %.0f MB\n",
              target, last_log2, last * scale * 1.1, target / 8 / 1e6);
#endif
  return 0;
}
