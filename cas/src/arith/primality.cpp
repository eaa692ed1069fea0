#include "cas/arith/primality.hpp"

#include <gmp.h>

#include "cas/arith/integer_factoring.hpp"
#include "cas/arith/primes.hpp"

namespace cas {

bool primality_is_exact(const integer& n) {
  return n < (integer(1) << 64);
}

bool is_prime_natural(const integer& n, const context& ctx) {
  if (n < 2) return false;
  if (primality_is_exact(n)) return is_prime(static_cast<std::uint64_t>(n));
  ctx.check_limit(mpz_sizeinbase(n.backend().data(), 2), ctx.limits().max_prime_test_bits,
                  "The number of bits of the number tested for primality", "max_prime_test_bits");
  return is_probable_prime(n);
}

}  // namespace cas
