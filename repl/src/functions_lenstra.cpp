// Lenstra's constants: κ_h, α_p, the excess m_p and the Q-sets.
#include "cas/arith/primes.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/tower/kappa_index.hpp"
#include "function_groups.hpp"

namespace on2 {

namespace {
using args = function_arguments;

// α_p needs an odd prime p; the table then has it or says how to compute it.
std::uint64_t odd_prime(const args& a, std::size_t i) {
  const std::uint64_t p = a.small_natural(i);
  if (p < 3 || !cas::is_prime(p)) {
    a.fail(i, error_kind::math,
           a.function_name() + " needs " + a.parameter_name(i) + " to be an odd prime; " +
               std::to_string(p) + " is not one.",
           "α_p and m_p exist for the odd primes 3, 5, 7, 11, …");
  }
  return p;
}

}  // namespace

void add_lenstra_functions(std::vector<function_entry>& r) {
  r.push_back(
      {"kappa",
       1,
       1,
       "kappa(h)",
       "Conway's κ_h: for a prime power h its generator, for any h ≥ 1 by Lenstra's rule",
       {"kappa(5)", "[ω^ω]"},
       [](const args& a) { return value(cas::kappa(a.small_natural(0, 1), a.context())); }});
  r.push_back(
      {"alpha",
       1,
       1,
       "alpha(p)",
       "Lenstra's α_p = κ_p^p for an odd prime p, from the α_p table",
       {"alpha(7)", "[ω + 1]"},
       [](const args& a) { return value(cas::alphas_of(a.context()).alpha(odd_prime(a, 0))); }});
  r.push_back({"excess",
               1,
               1,
               "excess(p)",
               "Lenstra's excess m_p for an odd prime p: α_p = [κ_f(p) + m_p]",
               {"excess(7)", "1"},
               [](const args& a) {
                 const std::uint64_t p = odd_prime(a, 0);
                 const cas::alpha_table& table = cas::alphas_of(a.context());
                 if (const cas::alpha_entry* entry = table.find(p))
                   return from_natural(entry->excess);
                 table.alpha(p);  // throws the range_error that says how to extend the table
                 return from_natural(0);
               }});
  r.push_back({"qset",
               1,
               1,
               "qset(h)",
               "the prime powers q with κ_h = ⊕ κ_q, by Lenstra's rule (h ≥ 2)",
               {"qset(15)", "{3, 5}"},
               [](const args& a) {
                 const auto qs = cas::lenstra_qset(a.small_natural(0, 2), a.context());
                 list out;
                 for (const std::uint64_t q : qs) out.push_back(from_natural(q));
                 return value(std::move(out));
               }});
}

}  // namespace on2
