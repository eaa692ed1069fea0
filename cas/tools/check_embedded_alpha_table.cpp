// A build step (cas/CMakeLists.txt): the α_p table the library embeds passes the deep check
// (cas/tower/alpha_table_check.hpp), or the build fails naming the line. The library reads the
// embedded table without it, so that no program pays for the check at start (docs/lenstra.md,
// "The table file").
//
// Usage: check_embedded_alpha_table FILE, FILE being cas/data/alpha_table.txt, the text the build
// embeds; the table read from it must also be the one the library holds.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "cas/core/error.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/tower/alpha_table_check.hpp"

namespace {

// As deep as `on2 --check-alpha` reads a table: 101 of the 126 odd primes up to 709.
constexpr std::uint64_t build_max_checked_field = 16384;

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: check_embedded_alpha_table FILE\n";
    return 2;
  }
  const std::string path = argv[1];
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  if (!file) {
    std::cerr << "check_embedded_alpha_table: error: cannot read " << path << ".\n";
    return 1;
  }
  try {
    const cas::alpha_table table =
        cas::read_checked_alpha_table(text.str(), path, build_max_checked_field);
    if (table.to_text() != cas::embedded_alpha_table().to_text()) {
      std::cerr << "check_embedded_alpha_table: error: the table the library embeds is not the "
                   "one in "
                << path << "; reconfigure the build (cmake -S . -B build).\n";
      return 1;
    }
  } catch (const cas::error& e) {
    std::cerr << "check_embedded_alpha_table: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
