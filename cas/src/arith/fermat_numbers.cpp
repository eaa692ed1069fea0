#include "cas/arith/fermat_numbers.hpp"

#include <array>
#include <cassert>
#include <string>

#include "cas/core/error.hpp"

namespace cas {
namespace {

constexpr std::size_t most_small_factors = 4;

// The known prime factors below the largest one, which is the cofactor and is computed.
// F5: Euler (1732). F6: Landry (1880). F7: Morrison and Brillhart (1970). F8: Brent and Pollard
// (1981). F9: Lenstra, Lenstra, Manasse and Pollard (1990). F10: Brent (1995). F11: Brent (1988).
// Constant-initialised (no constructor runs), so a caller's static initialiser may use it.
constexpr std::array<std::array<const char*, most_small_factors>, largest_factored_fermat_index + 1>
    small_factors = {{
        {},
        {},
        {},
        {},
        {},
        {"641"},
        {"274177"},
        {"59649589127497217"},
        {"1238926361552897"},
        {"2424833", "7455602825647884208337395736200454918783366342657"},
        {"45592577", "6487031809", "4659775785220018543264560743076778192897"},
        {"319489", "974849", "167988556341760475137", "3560841906445833920513"},
    }};

std::vector<integer> factorise(unsigned i) {
  std::vector<integer> primes;
  integer cofactor = fermat_number(i);
  for (const char* text : small_factors[i]) {
    if (text == nullptr) break;
    integer p(text);
    assert(cofactor % p == 0 && "a listed factor divides its Fermat number");
    cofactor /= p;
    primes.push_back(p);
  }
  primes.push_back(cofactor);
  return primes;
}

}  // namespace

integer fermat_number(unsigned i) {
  return (integer(1) << (std::size_t{1} << i)) + 1;
}

const std::vector<integer>& fermat_number_prime_factors(unsigned i) {
  if (i > largest_factored_fermat_index) {
    throw limit_error("The Fermat number 2^(2^" + std::to_string(i) +
                      ") + 1 is not completely factored; on2 knows the factorisations up to "
                      "2^(2^11) + 1.");
  }
  static const auto table = [] {
    std::array<std::vector<integer>, largest_factored_fermat_index + 1> t;
    for (unsigned k = 0; k <= largest_factored_fermat_index; ++k) t[k] = factorise(k);
    return t;
  }();
  return table[i];
}

}  // namespace cas
