#pragma once
// Building ordinals in tests: term({b0, b1, …}, c) is [ω^(ω^t·b_t + … + b0) · c].

#include <cstdint>
#include <initializer_list>
#include <random>
#include <vector>

#include "cas/ordinal/ordinal.hpp"
#include "cas/ordinal/ordinal_format.hpp"

namespace on2_test {

inline cas::ordinal term(std::initializer_list<long> exponent_digits,
                         std::uint64_t coefficient = 1) {
  std::vector<cas::integer> digits;
  for (long d : exponent_digits) digits.emplace_back(d);
  return cas::ordinal::term(cas::small_ordinal(std::move(digits)), cas::nimber(coefficient));
}

// The exponent ω^t·b_t + … + b_0 from its digits (b_0, …, b_t).
inline cas::small_ordinal exponent_digits(std::initializer_list<cas::integer> digits) {
  return cas::small_ordinal(std::vector<cas::integer>(digits));
}

// ω^exponent·coefficient.
inline cas::ordinal omega_to(const cas::small_ordinal& exponent,
                             const cas::nimber& coefficient = 1) {
  return cas::ordinal::term(exponent, coefficient);
}

inline cas::ordinal finite(std::uint64_t n) {
  return cas::ordinal(cas::nimber(n));
}

// The nim sum of the given ordinals (distinct exponents: the Cantor normal form they spell).
inline cas::ordinal sum(std::initializer_list<cas::ordinal> parts) {
  cas::ordinal s;
  for (const cas::ordinal& p : parts) s = cas::nim_add(s, p);
  return s;
}

// A random element of κ_7's field GF(2^21)·GF(4): Σ c·[ω^(ω^2·k + i)] over k < 7, i < 3, each c
// drawn below 4 (one draw per term, in that order), so it does not depend on the field's
// internal representation. The roots tests and benchmark B5 draw their pools with it.
inline cas::ordinal random_kappa7_element(std::mt19937_64& random) {
  std::vector<cas::ordinal_term> terms;
  for (unsigned k = 0; k < 7; ++k) {
    for (unsigned i = 0; i < 3; ++i) {
      const std::uint64_t c = random() & 3;
      if (c == 0) continue;
      std::vector<cas::integer> digits{i, 0, k};
      while (!digits.empty() && digits.back() == 0) digits.pop_back();
      terms.push_back({cas::small_ordinal(std::move(digits)), cas::nimber(c)});
    }
  }
  return cas::ordinal::from_terms(std::move(terms));
}

}  // namespace on2_test
