#pragma once
// Finite nimbers of any size (docs/spec/arithmetic.md §2): the natural numbers with nim sum (XOR)
// and Conway's nim product, the field ⋃_k GF(2^(2^k)).
//
// Invariant: the value is stored as little-endian 64-bit limbs with no trailing zero limb (so 0
// has no limbs); every operation returns a value in this canonical form. A value below 2^64 keeps
// its one limb inline (no allocation: the common case in loops); longer values keep their limbs
// on the heap, and then the inline word is 0. Debug builds (NDEBUG unset) assert it wherever a
// value is built (cas/src/finite/nimber_invariant.hpp).
//
// Thread safety: nimbers are immutable values, safe to share between threads; the functions are
// safe to call from several threads at once (they share only immutable values and the tables built
// once, thread-safely); threads may share one context for reading.

#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/finite/tower_level.hpp"
#include "cas/kernels/nimber_kernels.hpp"

namespace cas {

class nimber {
 public:
  nimber() = default;
  nimber(std::uint64_t value);  // NOLINT(google-explicit-constructor): 5 is the nimber *5
  // range_error for a negative value; limit_error above the context's max_nimber_bits.
  explicit nimber(const integer& value, const context& ctx = default_context());
  static nimber from_limbs(std::vector<std::uint64_t> limbs,
                           const context& ctx = default_context());
  // 2^exponent; limit_error when exponent + 1 > max_nimber_bits.
  static nimber power_of_two(std::uint64_t exponent, const context& ctx = default_context());
  // The Fermat 2-power F_k = 2^(2^k) (docs/spec/arithmetic.md §2), k = level.index; limit_error
  // when 2^k bits exceed max_nimber_bits.
  static nimber fermat_power(tower_level level, const context& ctx = default_context());

  std::span<const std::uint64_t> limbs() const noexcept {
    if (!heap_.empty()) return heap_;
    return {&word_, word_ != 0 ? std::size_t{1} : std::size_t{0}};
  }
  bool is_zero() const noexcept { return word_ == 0 && heap_.empty(); }
  bool is_one() const noexcept { return word_ == 1; }
  std::uint64_t bit_length() const noexcept;
  bool bit(std::uint64_t index) const noexcept;
  // The least k with value < 2^(2^k): the nimber lies in GF(2^(2^k)) and no smaller Fermat field.
  unsigned level() const noexcept;
  // The low 64 bits.
  std::uint64_t low_word() const noexcept { return heap_.empty() ? word_ : heap_[0]; }

  integer to_integer() const;
  std::string to_string() const;  // decimal

  friend bool operator==(const nimber&, const nimber&) = default;
  // Numeric (ordinal) order; the field itself has no order.
  friend std::strong_ordering operator<=>(const nimber& a, const nimber& b) noexcept;

  std::size_t hash() const noexcept;

 private:
  explicit nimber(std::vector<std::uint64_t> limbs) { adopt(std::move(limbs)); }
  // Takes the limbs, trims trailing zeros and keeps one limb inline.
  void adopt(std::vector<std::uint64_t> limbs) noexcept;
  friend struct nimber_access;
  std::uint64_t word_ = 0;           // the value when heap_ is empty
  std::vector<std::uint64_t> heap_;  // two limbs or more, or empty
};

// Named operations (docs/style.md item 3). Products of nimbers never leave the field of the larger
// operand, so no size check is needed; long ones poll the context's cancellation token.
nimber nim_add(const nimber& a, const nimber& b);
nimber nim_mul(const nimber& a, const nimber& b, const context& ctx = default_context());
nimber nim_square(const nimber& a, const context& ctx = default_context());
// The inverse; math_error for 0.
nimber nim_inv(const nimber& a, const context& ctx = default_context());
nimber nim_div(const nimber& a, const nimber& b, const context& ctx = default_context());
// a^e for any integer e (negative e: a power of the inverse; 0^0 = 1).
nimber nim_pow(const nimber& a, const integer& e, const context& ctx = default_context());
// The unique square root (Frobenius is a bijection).
nimber nim_sqrt(const nimber& a, const context& ctx = default_context());

// Degree over GF(2): 2^level(a) (1 for 0 and 1).
std::uint64_t nim_degree(const nimber& a);
// Trace from the element's own field GF(2^degree) down to GF(2): 0 or 1.
unsigned nim_trace(const nimber& a);
// Trace from the level `from`'s field down to the level `to`'s (tower_level{3} is GF(2^8)); a
// must lie in the larger field (math_error otherwise), whose size in bits is bounded by the
// context's max_nimber_bits (limit_error). It is the top 2^to.index bits of a
// (docs/spec/arithmetic.md §2, "Trace"). The trace down to GF(2^n) for a degree n is the ordinal
// nim_trace(a, n) of cas/tower/ordinal_field.hpp.
nimber nim_trace(const nimber& a, tower_level from, tower_level to,
                 const context& ctx = default_context());
// Norm from the level `from`'s field down to the level `to`'s, with the same errors.
nimber nim_norm(const nimber& a, tower_level from, tower_level to,
                const context& ctx = default_context());

// A polynomial over GF(2) as its coefficient bits: bit i of word i/64 is the coefficient of x^i.
struct gf2_polynomial {
  std::vector<std::uint64_t> bits;
  std::uint64_t degree() const;  // the polynomial is never zero here
  bool coefficient(std::uint64_t i) const {
    return i / 64 < bits.size() && ((bits[i / 64] >> (i % 64)) & 1) != 0;
  }
  friend bool operator==(const gf2_polynomial&, const gf2_polynomial&) = default;
};
// The minimal polynomial of a over GF(2): ∏ (x ⊕ a^(2^i)) over the Frobenius orbit, found by
// power projection and Berlekamp–Massey (docs/theory.md). limit_error when the degree exceeds
// the context's max_nimber_minpoly_degree.
gf2_polynomial nim_minpoly(const nimber& a, const context& ctx = default_context());

// The multiplicative order of a ≠ 0 (math_error for 0). Uses the factorisation of
// 2^degree − 1 into Fermat numbers; a limit_error beyond the known factorisations.
integer nim_order(const nimber& a, const context& ctx = default_context());

// A solution y of y^2 ⊕ y = c (the other one is y ⊕ 1): the one with bit 0 clear. It lies in the
// Fermat field of c when c's trace there is 0, else in the next one (docs/spec/arithmetic.md §2,
// "Trace").
nimber solve_artin_schreier(const nimber& c, const context& ctx = default_context());

}  // namespace cas

template <>
struct std::hash<cas::nimber> {
  std::size_t operator()(const cas::nimber& n) const noexcept { return n.hash(); }
};
