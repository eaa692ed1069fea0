#include "subfield_lines.hpp"

#include <algorithm>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "cas/core/error.hpp"
#include "kernels/wide_echelon.hpp"
#include "tower/semilinear_orbit.hpp"

namespace cas::detail {

bool subfield_lines::applies(const tower_field& field) {
  return !field.steps().empty() && field.steps().back().type == tower_step::kind::power;
}

subfield_lines::subfield_lines(const tower_field& field, std::uint64_t d, const context& ctx)
    : field_(&field),
      ctx_(&ctx),
      d_(d),
      k_(field.field_below_top()),
      map_(field.frobenius_on_lines(integer(d))) {
  const std::size_t lines = map_.lines();
  std::vector<std::uint8_t> seen(lines, 0);
  for (std::size_t start = lines; start-- > 0;) {  // from the largest line down: each cycle's first
    if (seen[start] != 0) continue;
    std::vector<std::size_t> cycle;
    for (std::size_t j = start; seen[j] == 0; j = map_.target(j)) {
      seen[j] = 1;
      cycle.push_back(j);
    }
    cycles_.push_back(std::move(cycle));
  }
  std::reverse(cycles_.begin(), cycles_.end());  // by largest line, least first
}

tower_field::element subfield_lines::random_element() {
  const unsigned bits = k_.base_bits();
  const word mask = bits >= 64 ? ~word{0} : (word{1} << bits) - 1;
  tower_field::element x(k_.words());
  for (word& w : x) {
    state_ = state_ * 6364136223846793005u + 1442695040888963407u;
    w = (state_ >> 7) & mask;
  }
  return x;
}

const tower_field::element& subfield_lines::generator_of_k(std::uint64_t g, bool fresh) {
  const auto found = generators_of_k_.find(g);
  if (found != generators_of_k_.end() && !fresh) return found->second;
  // The trace of a random element down to GF(2^g): a generator when it has degree g (the caller's
  // elimination tells, and asks afresh when it has not).
  return generators_of_k_[g] = k_.trace_to_subfield(random_element(), g);
}

bool subfield_lines::solve_next_cycle() {
  if (solved_ == cycles_.size()) return false;
  const std::size_t index = solved_++;
  const std::vector<std::size_t>& cycle = cycles_[index];
  const auto k_degree = k_.degree().convert_to<std::uint64_t>();
  const std::uint64_t g = std::gcd(d_ * cycle.size(), k_degree), o = k_degree / g;
  // Φ(1) = μ by the carries; then Φ(y) = μ·σ(y), σ = F^(d·c) on K (each carry is semilinear over
  // F^d), one Frobenius map and one product instead of c of each.
  tower_field::element mu = k_.one();
  for (const std::size_t j : cycle) map_.carry(j, mu);
  const integer sigma(d_ * cycle.size());
  // λ = 1 where μ = 1 (line 0, whose carry is F^d on K, and others); otherwise
  // λ = Σ_(i<o) Φ^i(θ), θ = 1 first, which also gives N = Φ^o(1).
  tower_field::element lambda = k_.one();
  if (mu != k_.one()) {
    for (int attempt = 0; attempt < 64; ++attempt) {
      ctx_->poll();
      const semilinear_orbit orbit =
          semilinear_orbit_sum(k_, mu, sigma, o, attempt == 0 ? k_.one() : random_element(), *ctx_);
      if (attempt == 0 && orbit.norm != k_.one()) return true;  // N ≠ 1: nothing fixed here
      lambda = orbit.sum;
      if (!tower_field::is_zero(lambda)) break;
    }
    if (tower_field::is_zero(lambda)) {
      throw internal_error("No fixed point of a cycle in 64 tries.");
    }
  }
  const std::size_t words = (static_cast<std::size_t>(k_degree) + 63) / 64;
  for (int attempt = 0; attempt < 64; ++attempt) {
    ctx_->poll();
    wide_echelon echelon(words);
    if (k_.degree() == g) {  // K itself: its unit Cantor coordinates
      for (std::uint64_t i = 0; i < g; ++i) {
        std::vector<word> bits(words, 0);
        bits[i / 64] = word{1} << (i % 64);
        echelon.insert(std::move(bits));
      }
    } else {  // λ·γ^i, i < g
      const tower_field::element& gamma = generator_of_k(g, attempt > 0);
      tower_field::element b = lambda;
      for (std::uint64_t i = 0; i < g; ++i) {
        echelon.insert(k_.cantor_bits(b));
        if (i + 1 < g) b = k_.mul(b, gamma);
      }
    }
    if (echelon.rank() < g) continue;  // γ of a smaller degree
    for (const std::vector<word>& bits : echelon.reduced_rows()) {
      rows_.push_back({index, k_.from_cantor_bits(bits)});
    }
    return true;
  }
  throw internal_error("No generator of GF(2^" + std::to_string(g) + ") in 64 traces.");
}

tower_field::element subfield_lines::row(std::size_t i) {
  if (i >= d_) throw internal_error("A basis row beyond the subfield's degree.");
  while (rows_.size() <= i) {
    if (!solve_next_cycle()) {
      throw internal_error("The cycles of F^" + std::to_string(d_) + " give only " +
                           std::to_string(rows_.size()) + " dimensions.");
    }
  }
  const std::size_t n = k_.words();
  tower_field::element x = field_->zero(), y = rows_[i].value;
  const std::vector<std::size_t>& cycle = cycles_[rows_[i].cycle];
  for (std::size_t k = 0; k < cycle.size(); ++k) {
    std::copy(y.begin(), y.end(), x.begin() + static_cast<std::ptrdiff_t>(cycle[k] * n));
    if (k + 1 < cycle.size()) map_.carry(cycle[k], y);
  }
  return x;
}

}  // namespace cas::detail
