#pragma once
// The integer type of on2: exponents, coefficients and sizes of any magnitude.
// Boost.Multiprecision over GMP with expression templates off (docs/style.md item 5), so
// `auto x = a * b;` is always a value, never a lazy expression.
//
// Thread safety: a value (GMP); distinct objects may be used on distinct threads, a shared one only
// read.

#include <boost/multiprecision/gmp.hpp>

namespace cas {

using integer =
    boost::multiprecision::number<boost::multiprecision::gmp_int, boost::multiprecision::et_off>;

}  // namespace cas
