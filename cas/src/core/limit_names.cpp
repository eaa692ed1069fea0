#include "cas/core/limit_names.hpp"

#include <array>

namespace cas {

std::span<const limit_name> limit_names() {
  static constexpr std::array<limit_name, 18> names = {{
      {"max_nimber_bits", &limits::max_nimber_bits, "the bits of a finite nimber"},
      {"max_minpoly_degree", &limits::max_minpoly_degree,
       "the degree of a transfinite minimal polynomial, and of F₂(a) for primitive and "
       "random_element"},
      {"max_nimber_minpoly_degree", &limits::max_nimber_minpoly_degree,
       "the degree of a finite nimber's minimal polynomial"},
      {"max_mex_size", &limits::max_mex_size, "n of the mex reference tables"},
      {"max_exponent_bits", &limits::max_exponent_bits, "the bits of a power's exponent"},
      {"max_tower_degree", &limits::max_tower_degree, "the degree E of a tower field GF(2^E)"},
      {"max_factoring_steps", &limits::max_factoring_steps,
       "Pollard-rho steps per composite factor"},
      {"max_ecm_curves", &limits::max_ecm_curves, "ECM curves per composite factor"},
      {"max_ecm_bits", &limits::max_ecm_bits, "the bits of a composite that ECM is tried on"},
      {"max_log_prime_bits", &limits::max_log_prime_bits,
       "the bits of the largest prime of ord(g) that log(b, g) handles"},
      {"max_root_count", &limits::max_root_count, "the roots root(a, n) lists"},
      {"max_ordinal_terms", &limits::max_ordinal_terms, "the terms of an ordinal"},
      {"max_text_table_size", &limits::max_text_table_size, "n of table(n) printed as text"},
      {"max_table_file_size", &limits::max_table_file_size,
       "n of table files, pictures and field checks"},
      {"max_table_file_bytes", &limits::max_table_file_bytes, "the bytes of a table file"},
      {"max_polynomial_degree", &limits::max_polynomial_degree, "the degree of a polynomial"},
      {"max_tower_cache_degree", &limits::max_tower_cache_degree,
       "the sum of the degrees E of the tower fields a session keeps built"},
      {"max_prime_test_bits", &limits::max_prime_test_bits,
       "the bits of a number tested for primality"},
  }};
  return names;
}

// A limit added to cas::limits without a name here fails to compile.
static_assert(sizeof(limits) == 18 * sizeof(std::uint64_t), "every limit needs its name above");

const limit_name* find_limit_name(std::string_view name) {
  for (const limit_name& l : limit_names()) {
    if (l.name == name) return &l;
  }
  return nullptr;
}

}  // namespace cas
