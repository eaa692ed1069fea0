#pragma once
// The minimal polynomial over GF(2) of an element of a small subfield of a large tower field,
// through the top step's Kummer structure instead of products in the whole field (private to
// cas/src/tower; docs/theory.md, "Minimal polynomials through the top step").
//
// E = K(t), t^p = c, p an odd prime, K holding the p-th roots of unity. For x of degree d with
// GF(2^d) ⊄ K, k0 = GF(2^d) ∩ K has degree d/p, and over the least subfield k1 of K holding k0
// and the p-th roots of unity, L = k1(x) = k1(η) for η = λ·t with η^p = β in k1 (Kummer theory;
// λ solves τ(λ)/λ = ζ/ζ′ for τ = F^[k1] by Hilbert's theorem 90, ζ′ = τ(t)/t, ζ a p-th root of
// unity). In the basis η^i, x has coordinates X_i·λ^(−i) in k1, and L's products are
// polynomial products over k1 (a small copy, tower_subfield_copy.hpp) modulo η^p − β. The traces
// Tr_(L/k1)(x^i) = [x^i]_0 for i < 2p (baby steps, giant steps) give the minimal polynomial g of x
// over k0 by Berlekamp–Massey; g's recurrence extends them to 2d terms, whose traces to GF(2) are
// Tr(x^i), and their recurrence is the minimal polynomial of x.

#include <cstdint>
#include <optional>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/tower/tower.hpp"
#include "tower/wide_polynomial_field.hpp"

namespace cas::detail {

// x of degree d in `field`; nothing where the method does not apply (no power step of an odd
// prime on top, x in the field below it, a k0 above 64 bits, or p dividing [K : k1]).
std::optional<gf2_polynomial> minimal_polynomial_by_kummer_step(const tower_field& field,
                                                                const tower_field::element& x,
                                                                std::uint64_t d,
                                                                const context& ctx);

// F₂(x) as GF(2)[z]/(f), f the minimal polynomial of x (z stands for x), where E has at least
// small_copy_ratio·d bits and the Kummer step applies: its products then cost about (d/64)² word
// products where E's cost about (E/64)^1.6, so orders and generator tests run there.
constexpr std::uint64_t small_copy_ratio = 16;
// Whether x (any element of GF(2^d), where the same holds) generates GF(2^d)^× as far as the
// primes of 2^d − 1 given tell; nothing where the copy does not apply. Its norm to k0, a
// coefficient of its minimal polynomial over k0, is tested at the primes of 2^[k0] − 1 first.
std::optional<bool> generates_by_kummer_step(const tower_field& field,
                                             const tower_field::element& x, std::uint64_t d,
                                             const std::vector<integer>& primes,
                                             const context& ctx);
// θ^k for k < whole, and the first words of θ^k for k < count (whole ≤ count), θ in GF(2^d):
// count products in L and whole·p products of K, carried back into the field, instead of count
// products of E; nothing where the copy does not apply. The splitting of polynomials in huge
// towers takes θ's powers and power projections from here (polynomial_factoring.cpp).
struct kummer_powers {
  std::vector<tower_field::element> powers;  // θ^k, k < whole
  std::vector<std::uint64_t> first_words;    // word 0 of θ^k, k < count
};
std::optional<kummer_powers> powers_by_kummer_step(const tower_field& field,
                                                   const tower_field::element& theta,
                                                   std::uint64_t d, std::size_t count,
                                                   std::size_t whole, const context& ctx);
std::optional<wide_polynomial_field> small_copy_of_element_field(const tower_field& field,
                                                                 const tower_field::element& x,
                                                                 std::uint64_t d,
                                                                 const context& ctx);

}  // namespace cas::detail
