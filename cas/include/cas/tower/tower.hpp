#pragma once
// A materialised finite field GF(2^E) spanned by a closed set of κ's (docs/spec/arithmetic.md §3,
// "The finite field view"; docs/architecture.md layer 7), built as a tower of prime-degree steps
// over a Fermat field GF(2^b), b ≤ 64, of nim-multiplied machine words:
//   - each Fermat 2-power F_k above 2^64 adds a step x^2 = x + H_k (F_k^2 = F_k ⊕ H_k);
//   - each odd κ_q, q = p^(k+1), adds a step x^p = κ_(p^k), or x^p = α_p for k = 0.
// Steps come in an order where every constant lies in the field below (α_p involves only
// smaller primes). The lowest levels, up to the largest subfield of at most 64 bits, are then
// packed into one machine word in a polynomial basis, where a product is one carry-less
// multiplication. An element is a dense vector of such words: the coefficient of the
// κ-monomial whose digits are the word index in mixed radix (innermost step first).
//
// Thread safety: a tower_field is immutable once built: its const operations may run on several
// threads at once (each call has its own scratch space); its context must outlive it.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/ordinal/ordinal.hpp"

namespace cas {

namespace detail {
struct polynomial_basis;   // cas/src/kernels/packed_field.hpp
class byte_linear_map;     // cas/src/kernels/packed_field.hpp
class monomial_frobenius;  // cas/src/tower/monomial_frobenius.hpp
}  // namespace detail

struct tower_step {
  enum class kind { power, artin_schreier };
  kind type = kind::power;
  std::uint64_t degree = 2;             // ℓ
  std::uint64_t q = 0;                  // the κ_q adjoined
  std::vector<std::uint64_t> constant;  // κ_(p^k), α_p or H_k, in the field below
  // The degree of the least tower field holding the constant of a power step (0 for the others):
  // the constant has order dividing 2^constant_degree − 1, so exponents reduce modulo that.
  std::uint64_t constant_degree = 0;
};

class tower_field {
 public:
  using element = std::vector<std::uint64_t>;

  // The field of the closure; limit_error when E exceeds the context's max_tower_degree. The
  // context (its α_p table and cancellation) must outlive the field.
  tower_field(const kappa_closure& closure, const context& ctx = default_context());
  // The smallest such field holding all the values.
  static tower_field spanning(const std::vector<ordinal>& values,
                              const context& ctx = default_context());

  const integer& degree() const noexcept { return degree_; }  // E
  std::size_t words() const noexcept { return words_.back(); }
  // The degree of the packed base field: every word of an element holds this many bits, and any
  // such word is a valid coefficient.
  unsigned base_bits() const noexcept { return base_bits_; }
  // The steps above the packed base.
  const std::vector<tower_step>& steps() const noexcept { return steps_; }

  // range_error when the ordinal does not lie in this field.
  element from_ordinal(const ordinal& value) const;
  ordinal to_ordinal(const element& x) const;
  // The Cantor coordinates of x: E bits (bit i in word i/64) whose order as natural numbers is
  // the Cantor order of the ordinals (a term's place in the word layout grows with its exponent,
  // and its coefficient's bits follow), and back.
  std::vector<std::uint64_t> cantor_bits(const element& x) const;
  element from_cantor_bits(const std::vector<std::uint64_t>& bits) const;

  element zero() const { return element(words(), 0); }
  element one() const;
  static bool is_zero(const element& x);
  static element add(const element& x, const element& y);
  element mul(const element& x, const element& y) const;
  // dst[i] += c·x[i] for i < n, without temporaries when c or x[i] lies in the packed base.
  void multiply_add(element* dst, const element& c, const element* x, std::size_t n) const;
  element square(const element& x) const;
  // math_error for 0.
  element inverse(const element& x) const;
  // x^e for any integer e (negative: a power of the inverse).
  element pow(const element& x, const integer& e) const;
  // x^(2^s).
  element frobenius(const element& x, const integer& s) const;
  // Whether Frobenius maps permute the κ-monomials up to factors in the packed base (every step
  // above it a power step whose constants lie in it): then a map costs less than a product.
  bool frobenius_is_monomial() const noexcept { return squaring_ != nullptr; }
  // The monomial form of x ↦ x^(2^s) (cas/src/tower/monomial_frobenius.hpp), kept with the
  // field's plans; null where the field has none.
  std::shared_ptr<const detail::monomial_frobenius> monomial_frobenius_map(const integer& s) const;
  // x^(2^s) for each x, the map planned once for all of them (a plan costs about as much as a
  // power in the levels below; applying it, as much as a few products).
  std::vector<element> frobenius(const std::vector<element>& xs, const integer& s) const;
  // x^(2^(s·i)) for i < count, the map planned once.
  std::vector<element> frobenius_orbit(const element& x, const integer& s, std::size_t count) const;
  // The trace Σ_(i < E/d) x^(2^(d·i)) of x down to the subfield GF(2^d), d dividing E, summed in
  // place (no orbit kept). Frobenius keeps the top step's lines apart (it maps line i to line
  // i·2^d mod ℓ), so an x on a few lines costs that many lines' work per image.
  element trace_to_subfield(const element& x, std::uint64_t d) const;
  // Whether x^(2^s) = x. The top step's lines are compared one by one (a map sends line i to one
  // line, scaled), so an x that is not fixed usually costs one line's map, not the whole map.
  bool is_fixed_by_frobenius(const element& x, const integer& s) const;
  // The degree of x over GF(2): the least n with x^(2^n) = x.
  std::uint64_t degree_of(const element& x) const;
  // F^s on the top step's lines, so that fixed spaces of F^d can be solved line by line
  // (cas/src/tower/subfield_lines.hpp). Defined below the class.
  class line_frobenius;
  // internal_error unless the top step is a power step above the packed base.
  line_frobenius frobenius_on_lines(const integer& s) const;
  // The field K below the top step (E = K(t), t^ℓ = a): its elements are the words of one line
  // of E's elements, the coefficient of t^j at words [j·n, (j + 1)·n) for n = K's words.
  // internal_error when there is no step above the packed base.
  tower_field field_below_top() const;

 private:
  // Per-operation scratch: one buffer per level, so the field itself stays immutable.
  using workspace = std::vector<std::vector<std::uint64_t>>;
  workspace make_workspace() const;
  // Whether a product of the whole field is one of the packed base's direct products (one or two
  // power steps above it), which use no workspace.
  bool product_without_workspace() const noexcept;
  void mul_level(std::size_t level, const std::uint64_t* x, const std::uint64_t* y,
                 std::uint64_t* out, workspace& ws) const;
  void square_level(std::size_t level, const std::uint64_t* x, std::uint64_t* out,
                    workspace& ws) const;
  // out[0 .. 2m − 1) = x·y for polynomials of m coefficients in the field of `level`.
  void multiply_polynomials(std::size_t level, const std::uint64_t* x, const std::uint64_t* y,
                            std::size_t m, std::uint64_t* out, workspace& ws) const;
  element inverse_level(std::size_t level, const element& x) const;
  // Frobenius x ↦ x^(2^s) as a plan: for each level, where each power t^i of the step's
  // generator goes and by which coefficient of the level below it is multiplied.
  struct frobenius_plan {
    std::vector<integer> shift;                     // s reduced per level
    std::vector<std::vector<std::size_t>> target;   // level → i → index of t^i's image
    std::vector<std::vector<element>> coefficient;  // level → i → coefficient below
    // The packed base's Frobenius^shift[0] by byte tables, for shifts beyond a few squarings.
    std::shared_ptr<const detail::byte_linear_map> base_map;
  };
  // The coefficients of the levels up to `coefficient_levels` (all by default), the targets of
  // all: the coefficients are powers of the steps' constants, most of a plan's cost, which the
  // zero pattern and line 0 of a test on the top's lines do not need.
  frobenius_plan plan_frobenius(const integer& s, workspace& ws,
                                std::size_t coefficient_levels = SIZE_MAX) const;
  // c = a^((2^s − r)/ℓ) for the power step of `level` (t^ℓ = a, r = 2^s mod ℓ, s reduced at it),
  // a in GF(2^m).
  element step_constant_power(std::size_t level, const integer& s, std::uint64_t r, std::uint64_t m,
                              workspace& ws) const;
  // A plan, and its monomial form where the tower allows one (monomial_frobenius.hpp); `reused`
  // builds the scaled tables too (the squaring map, applied far more often than any other).
  struct planned_frobenius {
    frobenius_plan plan;
    std::shared_ptr<const detail::monomial_frobenius> monomial;
  };
  planned_frobenius plan_frobenius_map(const integer& s, workspace& ws, bool reused = false) const;
  // The map of s from plans_, made and kept on first use: a plan costs many times its
  // application, and primitive(a) asks for the same few shifts again and again.
  std::shared_ptr<const planned_frobenius> cached_plan(const integer& s, workspace& ws) const;
  // The plan of s for the levels below the top and the top's targets: the whole plan's when it is
  // kept, else one without the top coefficients, kept apart.
  std::shared_ptr<const frobenius_plan> cached_plan_below_top(const integer& s,
                                                              workspace& ws) const;
  // x^(2^s) = x tested on the top step's lines (is_fixed_by_frobenius), all of them or, for a
  // screen, the zero pattern, line 0 and the first other line that is not zero: `probably` when a
  // screen passed without the other lines.
  enum class fixedness { no, yes, probably };
  fixedness fixed_on_lines(const element& x, const integer& s, bool screen) const;
  void apply_planned(const planned_frobenius& map, const std::uint64_t* x, std::uint64_t* out,
                     workspace& ws) const;
  // out = x^2 for whole elements: the monomial squaring map when there is one.
  void square_top(const std::uint64_t* x, std::uint64_t* out, workspace& ws) const;
  void apply_frobenius(std::size_t level, const frobenius_plan& plan, const std::uint64_t* x,
                       std::uint64_t* out, workspace& ws) const;
  element pow_level(std::size_t level, const element& x, const integer& e, workspace& ws) const;
  void add_step(tower_step step);
  // Packs the levels up to the largest subfield of at most 64 bits into single words.
  void pack_base();
  element pack(const element& unpacked) const;
  element unpack(const element& packed) const;
  element embed_finite(const nimber& value) const;

  const context* ctx_;
  // The tower as built, before packing: κ-monomial coordinates over the Fermat base of
  // fermat_bits_ bits (at most 64), each base coefficient in its own word. from_ordinal and
  // to_ordinal work in this layout.
  unsigned fermat_bits_ = 1;
  std::size_t finite_words_ = 1;                   // words of the Fermat part (base and F_k steps)
  std::vector<std::size_t> layout_words_{1};       // layout_words_[L]: words at level L
  std::vector<tower_step> layout_steps_;           // layout_steps_[L] builds level L + 1
  std::vector<std::size_t> odd_position_of_step_;  // exponent position of the step's prime
  std::vector<std::size_t> digit_of_step_;         // k for κ_(p^(k+1))
  // The arithmetic: the packed base, then the steps above it.
  std::shared_ptr<const detail::polynomial_basis> base_;  // null only while being built
  std::size_t packed_group_ = 1;                          // layout words per packed word
  unsigned base_bits_ = 1;
  std::vector<std::size_t> words_{1};  // words_[L]: words of the field at level L
  std::vector<tower_step> steps_;      // steps_[L] builds level L + 1
  std::shared_ptr<const detail::monomial_frobenius> squaring_;  // x ↦ x^2, when monomial
  struct plan_cache {  // shared by copies of the field, which are the same field
    std::mutex mutex;
    std::map<integer, std::shared_ptr<const planned_frobenius>> plans;  // by s mod E
    std::map<integer, std::shared_ptr<const frobenius_plan>> plans_below_top;
    // field_below_top(), made once: its copies share its own plans across calls.
    std::shared_ptr<const tower_field> below_top;
  };
  static constexpr std::size_t max_cached_plans = 256;  // then the cache starts over
  std::shared_ptr<plan_cache> plans_ = std::make_shared<plan_cache>();
  integer degree_ = 1;
};

// E = K(t), t^ℓ = a: F^s sends the line X·t^j (X in K) to c_j·X^(2^s)·t^(π(j)), a permutation π
// of the ℓ lines and coefficients c_j in K (the top level of F^s's plan). It keeps scratch space:
// one per thread.
class tower_field::line_frobenius {
 public:
  std::size_t lines() const noexcept { return top_targets().size(); }
  std::size_t target(std::size_t j) const { return top_targets()[j]; }  // π(j)
  // y ↦ c_j·y^(2^s) in place, y one line (K's words): the line π(j) of F^s(y·t^j).
  void carry(std::size_t j, std::vector<std::uint64_t>& y) const;

 private:
  friend class tower_field;
  line_frobenius(const tower_field& field, std::shared_ptr<const planned_frobenius> map);
  const std::vector<std::size_t>& top_targets() const noexcept {
    return map_->plan.target[field_->steps_.size()];
  }

  const tower_field* field_;
  std::shared_ptr<const planned_frobenius> map_;
  mutable workspace ws_;
  mutable std::vector<std::uint64_t> image_, product_;
};

}  // namespace cas
