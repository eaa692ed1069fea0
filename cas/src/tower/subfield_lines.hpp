#pragma once
// Private to the tower layer: the reduced echelon basis of a subfield GF(2^d) of a tower field in
// Cantor coordinates (subfield_basis.hpp), line by line of the top step, least significant row
// first and made only as far as asked (primitive(a) reads a few dozen rows).
//
// E = K(t), t^ℓ = a. F^d sends line j to line π(j), scaled (tower_field::line_frobenius), so a
// vector fixed by F^d is a sum of fixed vectors on single cycles of π; on a cycle j_0 → j_1 → …
// of length c it is X·t^(j_0) carried around the cycle, X a fixed point of the composite Φ of its
// c carries. Φ is semilinear over σ = F^(d·c) on K, which fixes k = GF(2^g), g = gcd(d·c, [K]),
// and has order o = [K]/g, so Φ^o is the product by N = Φ^o(1). The fixed points of Φ are
// therefore 0 when N ≠ 1, and λ·k otherwise, for any λ ≠ 0 among them (Galois descent: Hilbert's
// theorem 90 in Speiser's form), such as 1 where Φ(1) = 1, or λ = Σ_(i<o) Φ^i(θ) ≠ 0 for a
// suitable θ in K. The basis of λ·k is λ·γ^i, i < g, for a generator γ of k.
//
// A nonzero fixed vector is nonzero on every line of its cycle, and the Cantor coordinates are
// line-major (line j holds bits [j·[K], (j + 1)·[K])), so its leading coordinate lies in the
// cycle's largest line m. Taking j_0 = m, the reduced echelon basis of λ·k in K's Cantor
// coordinates, each carried around the cycle, is the cycle's part of the reduced echelon basis;
// cycles have disjoint coordinates and come in the order of their largest lines.

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/tower/tower.hpp"

namespace cas::detail {

class subfield_lines {
 public:
  // Whether the field's top step is a power step above the packed base (it has lines).
  static bool applies(const tower_field& field);
  // d divides E; the field and the context outlive this.
  subfield_lines(const tower_field& field, std::uint64_t d, const context& ctx);

  // Basis row i, least significant pivot first; internal_error for i ≥ d.
  tower_field::element row(std::size_t i);

 private:
  using word = std::uint64_t;
  // Solves the next cycle (in the order of largest lines) for its rows' values on its largest
  // line; false when every cycle is solved.
  bool solve_next_cycle();
  tower_field::element random_element();
  // A generator of GF(2^g) ⊆ K over GF(2) as far as it is one (a trace down to it), kept per g;
  // `fresh` draws another.
  const tower_field::element& generator_of_k(std::uint64_t g, bool fresh);

  const tower_field* field_;
  const context* ctx_;
  std::uint64_t d_;
  tower_field k_;  // K, below the top step
  tower_field::line_frobenius map_;
  std::vector<std::vector<std::size_t>> cycles_;  // each from its largest line along π, in order
  std::size_t solved_ = 0;                        // cycles solved so far
  struct pending_row {
    std::size_t cycle;
    tower_field::element value;  // on the cycle's largest line (K's words)
  };
  std::vector<pending_row> rows_;
  std::map<std::uint64_t, tower_field::element> generators_of_k_;
  std::uint64_t state_ = 0x9e3779b97f4a7c15;
};

}  // namespace cas::detail
