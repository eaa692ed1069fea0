// Random field-law checks at scale (docs/testing.md "property"; docs/testing.md): for each number
// type — 64-bit nimbers (the hot kernel), big finite nimbers (65 to 1024 bits, cas::nimber) and
// transfinite ordinals (below ω^(ω·2), the κ product) — at least N checks of associativity and
// commutativity of nim sum and product, distributivity, the identities, a + a = 0 and
// a ⊗ inv(a) = 1. Prints the count per type and exits 1 on any failure.
//
// Usage: on2_field_laws [CHECKS_PER_TYPE [SEED]]   (defaults: 10000, 20261201)

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "test_support.hpp"

namespace {

std::uint64_t below(std::uint64_t n) {
  return on2_test::random_word() % n;
}

// Counts checks and reports the first failures with their operands.
class law_checker {
 public:
  explicit law_checker(std::string type) : type_(std::move(type)) {}

  void check(bool holds, const char* law, const std::function<std::string()>& operands) {
    ++checks_;
    if (holds) return;
    if (++failures_ <= 10) {
      std::cerr << type_ << ": " << law << " fails for " << operands() << '\n';
    }
  }

  std::uint64_t checks() const { return checks_; }
  std::uint64_t failures() const { return failures_; }

 private:
  std::string type_;
  std::uint64_t checks_ = 0;
  std::uint64_t failures_ = 0;
};

// The eight laws on one random triple; `Field` supplies zero, one, add, mul, inv, show.
template <class Field>
void check_laws(law_checker& laws, const Field& f, const typename Field::element& a,
                const typename Field::element& b, const typename Field::element& c) {
  const auto show = [&] {
    return "a = " + f.show(a) + ", b = " + f.show(b) + ", c = " + f.show(c);
  };
  const auto ab = f.mul(a, b);
  laws.check(f.add(f.add(a, b), c) == f.add(a, f.add(b, c)), "associativity of ⊕", show);
  laws.check(f.add(a, b) == f.add(b, a), "commutativity of ⊕", show);
  laws.check(f.mul(ab, c) == f.mul(a, f.mul(b, c)), "associativity of ⊗", show);
  laws.check(ab == f.mul(b, a), "commutativity of ⊗", show);
  laws.check(f.mul(a, f.add(b, c)) == f.add(ab, f.mul(a, c)), "distributivity", show);
  laws.check(f.add(a, f.zero()) == a && f.mul(a, f.one()) == a, "identities", show);
  laws.check(f.add(a, a) == f.zero(), "additive inverse a ⊕ a = 0", show);
  if (!(a == f.zero())) laws.check(f.mul(a, f.inv(a)) == f.one(), "a ⊗ inv(a) = 1", show);
}

struct field_64 {
  using element = std::uint64_t;
  element zero() const { return 0; }
  element one() const { return 1; }
  element add(element x, element y) const { return x ^ y; }
  element mul(element x, element y) const { return cas::nim_mul64(x, y); }
  element inv(element x) const { return cas::nim_inv64(x); }
  std::string show(element x) const { return std::to_string(x); }
  element random() const { return below(8) == 0 ? below(256) : on2_test::random_word(); }
};

struct field_big {
  using element = cas::nimber;
  element zero() const { return {}; }
  element one() const { return cas::nimber(1); }
  element add(const element& x, const element& y) const { return cas::nim_add(x, y); }
  element mul(const element& x, const element& y) const { return cas::nim_mul(x, y); }
  element inv(const element& x) const { return cas::nim_inv(x); }
  std::string show(const element& x) const { return x.to_string(); }
  // Mostly 65 to 256 bits, sometimes up to 1024: every limb-recursion level above the kernel.
  element random() const {
    return on2_test::random_nimber(65 + (below(8) == 0 ? below(960) : below(192)));
  }
};

struct field_transfinite {
  using element = cas::ordinal;
  element zero() const { return {}; }
  element one() const { return cas::ordinal(cas::nimber(1)); }
  element add(const element& x, const element& y) const { return cas::nim_add(x, y); }
  element mul(const element& x, const element& y) const { return cas::nim_mul(x, y); }
  element inv(const element& x) const { return cas::nim_inv(x); }
  std::string show(const element& x) const { return cas::to_string(x); }
  // Up to 3 terms below ω^(ω·2), exponents ω·b_1 + b_0 with b_1 ≤ 1 and b_0 < 9, coefficients
  // of up to 32 bits, at least one term transfinite: products stay in the tower field spanned by
  // κ_3, κ_9, κ_5 and the coefficients' fields, small enough for 10^6 checks in minutes.
  element random() const {
    std::vector<cas::ordinal_term> terms;
    const std::uint64_t count = 1 + below(3);
    for (std::uint64_t i = 0; i < count; ++i) {
      std::vector<cas::integer> digits{below(9), below(4) == 0 ? 1 : 0};
      if (i == 0 && digits[0] == 0 && digits[1] == 0) digits[0] = 1 + below(8);
      terms.push_back(
          {cas::small_ordinal(std::move(digits)), on2_test::random_nimber(1 + below(32))});
    }
    return cas::ordinal::from_terms(std::move(terms));
  }
};

template <class Field>
bool run(const std::string& type, std::uint64_t wanted) {
  const Field f;
  law_checker laws(type);
  const auto start = std::chrono::steady_clock::now();
  while (laws.checks() < wanted) {
    const auto a = f.random(), b = f.random(), c = f.random();
    try {
      check_laws(laws, f, a, b, c);
    } catch (const cas::error& e) {  // no law may throw: count it as a failure
      laws.check(false, e.what(),
                 [&] { return "a = " + f.show(a) + ", b = " + f.show(b) + ", c = " + f.show(c); });
    }
  }
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
  std::cout << type << ": " << laws.checks() << " checks, " << laws.failures() << " failures ("
            << seconds.count() << " s)" << std::endl;
  return laws.failures() == 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t wanted = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10000;
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 20261201;
  on2_test::random_engine().seed(seed);
  std::cout << "field laws, " << wanted << " checks per type, seed " << seed << '\n';
  bool ok = run<field_64>("64-bit nimbers", wanted);
  ok = run<field_big>("big finite nimbers", wanted) && ok;
  ok = run<field_transfinite>("transfinite ordinals", wanted) && ok;
  return ok ? 0 : 1;
}
