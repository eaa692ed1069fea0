#pragma once
// Private to the tower layer: the elements fixed by a monomial Frobenius map F^d
// (monomial_frobenius.hpp), that is the subfield GF(2^d) of the tower field, found cycle by cycle
// of the monomial permutation π instead of by elimination over all E coordinates.
//
// F^d(Σ x_m·m) = Σ c_m·F0(x_m)·π(m), so x is fixed exactly when x_(π(m)) = c_m·F0(x_m) for every
// m. On a cycle m_0 → m_1 → … → m_k = m_0 of π, x_(m_(i+1)) = Φ_i(x_(m_i)) with the GF(2)-linear
// Φ_i(y) = c_(m_i)·F0(y): the coefficient at m_0 is a fixed point of Φ_(k−1) ∘ … ∘ Φ_0 (a kernel
// of at most 64 bits) and determines the others. The kernel vectors of all cycles, spread along
// their cycles, are a basis of the fixed space, each supported on one cycle's monomials.

#include <vector>

#include "cas/tower/tower.hpp"
#include "monomial_frobenius.hpp"

namespace cas::detail {

// A basis of {x : F^d(x) = x} for the map `frobenius_d` of `field`, as field elements (packed
// words), the vectors of one cycle together.
std::vector<tower_field::element> monomial_fixed_space(const tower_field& field,
                                                       const monomial_frobenius& frobenius_d);

}  // namespace cas::detail
