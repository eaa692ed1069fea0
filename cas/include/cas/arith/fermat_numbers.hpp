#pragma once
// The Fermat numbers 2^(2^i) + 1 and their prime factors, which give the multiplicative group
// order 2^(2^k) − 1 = ∏_{i<k} (2^(2^i) + 1) of the nimber field GF(2^(2^k)).
// Complete factorisations are known for i ≤ 11 only (Brent, "Factorization of the tenth
// Fermat number", Math. Comp. 68 (1999), and the references there).
//
// Thread safety: the table is built once, thread-safely (a function-local static); safe from any
// thread.

#include <vector>

#include "cas/core/integer.hpp"

namespace cas {

constexpr unsigned largest_factored_fermat_index = 11;

// 2^(2^i) + 1.
integer fermat_number(unsigned i);

// The distinct prime factors of 2^(2^i) + 1 in increasing order (each occurs once).
// limit_error for i > largest_factored_fermat_index.
const std::vector<integer>& fermat_number_prime_factors(unsigned i);

}  // namespace cas
