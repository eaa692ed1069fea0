#include "factoring_fields.hpp"

#include <array>
#include <memory>

#include "cas/nimber_kernels.hpp"

namespace cas::detail {

namespace {

// log/exp tables of GF(2^16) (the nimbers below 2^16) to the base of its least primitive element;
// exp is doubled so that a product needs no reduction modulo 65535.
struct log_tables {
  std::array<std::uint16_t, 65536> log{};
  std::array<std::uint16_t, 2 * 65535> exp{};
  log_tables() {
    std::uint16_t x = 1;
    const std::uint16_t generator = find_generator();
    for (std::uint32_t i = 0; i < 65535; ++i) {
      exp[i] = exp[i + 65535] = x;
      log[x] = static_cast<std::uint16_t>(i);
      x = nim_mul16(x, generator);
    }
  }
  // The least element of order 65535 = 3·5·17·257.
  static std::uint16_t find_generator() {
    const auto power = [](std::uint16_t a, std::uint32_t e) {
      std::uint16_t r = 1;
      for (; e != 0; e >>= 1, a = nim_mul16(a, a)) {
        if ((e & 1) != 0) r = nim_mul16(r, a);
      }
      return r;
    };
    for (std::uint16_t g = 2;; ++g) {
      bool primitive = true;
      for (const std::uint32_t p : {3u, 5u, 17u, 257u}) primitive &= power(g, 65535 / p) != 1;
      if (primitive) return g;
    }
  }
};

const log_tables& gf16_tables() {
  static const auto tables = std::make_unique<log_tables>();
  return *tables;
}

}  // namespace

word_field::word_field(unsigned bits) : bits_(bits) {
  if (bits_ <= 16) {
    log_ = gf16_tables().log.data();
    exp_ = gf16_tables().exp.data();
  }
}

word_field::element word_field::mul(element x, element y) const noexcept {
  if (log_ != nullptr) {
    if (x == 0 || y == 0) return 0;
    return exp_[log_[x] + log_[y]];
  }
  return nim_mul64(x, y);
}

word_field::element word_field::square(element x) const noexcept {
  return log_ != nullptr ? mul(x, x) : nim_square64(x);
}

word_field::element word_field::inverse(element x) const {
  return nim_inv64(x);
}

word_field::element word_field::sqrt(element x) const noexcept {
  return nim_sqrt64(x);
}

word_field::element word_field::random_in_subfield(std::uint64_t d, std::mt19937_64& rng) const {
  // The nimbers below 2^d are the subfield GF(2^d) when d is a power of two.
  return d >= 64 ? rng() : rng() & ((std::uint64_t{1} << d) - 1);
}

tower_adapter::tower_adapter(tower_field field)
    : field_(std::move(field)), degree_(field_.degree().convert_to<std::uint64_t>()) {}

tower_adapter::element tower_adapter::random(std::mt19937_64& rng) const {
  element x = zero();
  const std::uint64_t mask =
      field_.base_bits() >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << field_.base_bits()) - 1;
  for (std::uint64_t& word : x) word = rng() & mask;
  return x;
}

tower_adapter::element tower_adapter::random_in_subfield(std::uint64_t d,
                                                         std::mt19937_64& rng) const {
  element y = random(rng);
  element trace = y;
  for (std::uint64_t i = d; i < degree_; i += d) {
    y = field_.frobenius(y, d);
    trace = add(trace, y);
  }
  return trace;
}

}  // namespace cas::detail
