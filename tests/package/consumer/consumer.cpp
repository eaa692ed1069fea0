// An outside program that uses the installed cas (tests/package/package_test.sh builds it with
// find_package(on2) and with pkg-config): a κ product, a power that needs the embedded α_p
// table, and an inverse in a tower field.
#include <cas/cas.hpp>
#include <iostream>

int main() {
  cas::context ctx;
  const cas::ordinal omega = cas::ordinal::omega();
  const cas::ordinal a = cas::nim_add(omega, cas::nimber(2));
  const cas::ordinal b = cas::nim_add(omega, cas::nimber(3));
  std::cout << "(ω + 2)(ω + 3) = " << cas::to_string(cas::nim_mul(a, b, ctx)) << '\n';
  std::cout << "ω^3 = " << cas::to_string(cas::nim_pow(omega, 3, ctx)) << '\n';
  std::cout << "1/ω = " << cas::to_string(cas::nim_inv(omega, ctx)) << '\n';
  // The headers' version and the linked library's.
  std::cout << "version " << ON2_VERSION_STRING << ' ' << cas::version() << '\n';
}
