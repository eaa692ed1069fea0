#include "cas/tower/kappa_index.hpp"

#include <algorithm>
#include <string>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/tower/ordinal_field.hpp"

namespace cas {

std::uint64_t degree_over_gf2(const ordinal& a, const context& ctx) {
  return nim_degree(a, ctx);
}

std::vector<std::uint64_t> lenstra_qset(std::uint64_t h, const context& ctx) {
  if (h < 2) throw range_error("The Q-set is defined for h ≥ 2, not " + std::to_string(h) + ".");
  const std::uint64_t prime = factorize(h, ctx).front().first;  // the least prime factor
  std::uint64_t q = 1;
  while (h / q % prime == 0) q *= prime;  // not h % (q·prime): for h = 2^63 that divided by 0
  const std::uint64_t g = h / q;
  if (g == 1) return {q};
  std::vector<std::uint64_t> qset = lenstra_qset(g, ctx);
  if (degree_over_gf2(alpha_from_qset(qset, 0, ctx), ctx) % q != 0) {
    qset.push_back(q);
    std::sort(qset.begin(), qset.end());
  }
  return qset;
}

ordinal kappa(std::uint64_t h, const context& ctx) {
  if (h == 0) throw range_error("κ_h is defined for h ≥ 1.");
  if (h == 1) return ordinal(nimber(1));
  return alpha_from_qset(lenstra_qset(h, ctx), 0, ctx);
}

}  // namespace cas
