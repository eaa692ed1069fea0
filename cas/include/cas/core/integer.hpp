#pragma once
// The integer type of on2: exponents, coefficients and sizes of any magnitude.
// Boost.Multiprecision over GMP with expression templates off (docs/style.md item 5), so
// `auto x = a * b;` is always a value, never a lazy expression.
//
// Thread safety: a value (GMP); distinct objects may be used on distinct threads, a shared one only
// read.

#include <boost/multiprecision/gmp.hpp>
#include <cstdint>

namespace cas {

using integer =
    boost::multiprecision::number<boost::multiprecision::gmp_int, boost::multiprecision::et_off>;

// Whether 0 ≤ v < 2^64, and then its value in `out`: a test and a read of the GMP value, without
// the temporaries of comparing with an integer (loops over the digits of a large ordinal's
// exponents spent most of their time in them).
inline bool as_word(const integer& v, std::uint64_t& out) {
  static_assert(sizeof(unsigned long) == sizeof(std::uint64_t));
  const auto* z = v.backend().data();
  if (mpz_sgn(z) < 0 || mpz_fits_ulong_p(z) == 0) return false;
  out = mpz_get_ui(z);
  return true;
}

}  // namespace cas
