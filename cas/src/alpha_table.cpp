#include "cas/alpha_table.hpp"

#include <cstdio>
#include <sstream>

#include "cas/error.hpp"
#include "cas/kappa_generators.hpp"
#include "cas/primes.hpp"

namespace cas {

extern const char* const embedded_alpha_table_text;  // generated from cas/data/alpha_table.txt

ordinal alpha_from_qset(const std::vector<std::uint64_t>& qset, std::uint64_t excess) {
  ordinal sum;
  for (std::uint64_t q : qset) sum = nim_add(sum, kappa_of_prime_power(q));
  if (excess == 0) return sum;
  // Cantor sum with m: the finite part grows as an integer.
  std::vector<ordinal_term> terms = sum.terms();
  if (!terms.empty() && terms.back().exponent.is_zero()) {
    terms.back().coefficient = nimber(terms.back().coefficient.to_integer() + excess);
  } else {
    terms.push_back({small_ordinal(), nimber(excess)});
  }
  return ordinal::from_terms(std::move(terms));
}

void alpha_table::insert(alpha_entry entry) {
  const std::uint64_t p = entry.p;
  entries_[p] = std::move(entry);
}

const alpha_entry* alpha_table::find(std::uint64_t p) const {
  const auto found = entries_.find(p);
  return found == entries_.end() ? nullptr : &found->second;
}

std::uint64_t alpha_table::covered_up_to() const {
  std::uint64_t covered = 0;
  for (std::size_t position = 0;; ++position) {
    const std::uint64_t p = odd_prime_at(position);
    if (entries_.count(p) == 0) return covered;
    covered = p;
  }
}

const ordinal& alpha_table::alpha(std::uint64_t p) const {
  if (const alpha_entry* entry = find(p)) return entry->alpha;
  throw range_error("α_" + std::to_string(p) + " is not in the α_p table (it covers the odd primes up to " +
                    std::to_string(covered_up_to()) + "); extend it with `on2 --compute-alpha " +
                    std::to_string(p) + "`.");
}

std::string alpha_table::to_text() const {
  std::ostringstream out;
  out << "# on2's table of Lenstra's constants α_p = [κ_f(p) + m_p] (MATH.md §4), computed by\n"
         "# on2's own implementation of Lenstra's algorithm: `on2 --compute-alpha P`.\n"
         "# columns: p f(p) Q-set m_p E seconds  (E: the excess test ran in GF(2^E))\n";
  for (const auto& [p, e] : entries_) {
    out << p << ' ' << e.order_of_two << ' ';
    for (std::size_t i = 0; i < e.qset.size(); ++i) out << (i ? "," : "") << e.qset[i];
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.3f", e.seconds);
    out << ' ' << e.excess << ' ' << e.field_exponent << ' ' << seconds << '\n';
  }
  return out.str();
}

alpha_table alpha_table::from_text(const std::string& text) {
  alpha_table table;
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    alpha_entry e;
    std::string qset;
    if (!(fields >> e.p >> e.order_of_two >> qset >> e.excess >> e.field_exponent >> e.seconds)) {
      throw range_error("Line " + std::to_string(number) + " of the α_p table is malformed: '" +
                        line + "'.");
    }
    std::istringstream qs(qset);
    for (std::string q; std::getline(qs, q, ',');) e.qset.push_back(std::stoull(q));
    e.alpha = alpha_from_qset(e.qset, e.excess);
    table.insert(std::move(e));
  }
  return table;
}

const alpha_table& embedded_alpha_table() {
  static const alpha_table table = alpha_table::from_text(embedded_alpha_table_text);
  return table;
}

}  // namespace cas
