#include "cas/poly/modular_power.hpp"

#include <boost/multiprecision/integer.hpp>
#include <string>

#include "cas/core/error.hpp"
#include "poly/binary_factoring.hpp"
#include "poly/binary_form.hpp"
#include "poly/coefficient_field.hpp"

namespace cas {

polynomial poly_powmod(const polynomial& f, const integer& n, const polynomial& g,
                       const context& ctx) {
  if (g.is_zero()) throw math_error("A power modulo the zero polynomial is not defined.");
  if (n < 0) {
    throw range_error("The exponent of a modular power must be at least 0; it is " + n.str() + ".");
  }
  const std::uint64_t bits = n == 0 ? 0 : boost::multiprecision::msb(n) + 1;
  ctx.check_limit(bits, ctx.limits().max_exponent_bits, "The number of bits of the exponent",
                  "max_exponent_bits");
  for (const polynomial* p : {&f, &g}) {
    ctx.check_limit(static_cast<std::uint64_t>(std::max(p->degree(), 0LL)),
                    ctx.limits().max_polynomial_degree, "The polynomial's degree",
                    "max_polynomial_degree");
  }
  if (g.degree() == 0) return {};  // every polynomial is a multiple of a nonzero constant
  const auto packed_f = detail::to_binary(f);
  const auto packed_g = detail::to_binary(g);
  if (packed_f && packed_g) {
    return detail::from_binary(detail::binary_powmod(*packed_f, n, *packed_g, ctx));
  }
  std::vector<ordinal> values = f.coefficients();
  values.insert(values.end(), g.coefficients().begin(), g.coefficients().end());
  return detail::with_field(values, ctx, [&](const auto& field) {
    const detail::field_polynomials ring(field, ctx);
    const auto modulus = detail::to_field(field, g);
    const auto base = ring.rem(detail::to_field(field, f), modulus);
    auto result = ring.one();
    for (std::uint64_t i = bits; i-- > 0;) {
      ctx.poll();
      result = ring.rem(ring.square(result), modulus);
      if (boost::multiprecision::bit_test(n, static_cast<unsigned>(i))) {
        result = ring.rem(ring.mul(result, base), modulus);
      }
    }
    return detail::from_field(field, result);
  });
}

}  // namespace cas
