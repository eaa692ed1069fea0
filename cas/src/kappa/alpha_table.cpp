#include "cas/kappa/alpha_table.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>
#include <string_view>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/kappa_generators.hpp"

namespace cas {

extern const char* const embedded_alpha_table_text;  // generated from cas/data/alpha_table.txt

ordinal alpha_from_qset(const std::vector<std::uint64_t>& qset, std::uint64_t excess,
                        const context& ctx) {
  ordinal sum;
  for (std::uint64_t q : qset) sum = nim_add(sum, kappa_of_prime_power(q, ctx), ctx);
  if (excess == 0) return sum;
  // Cantor sum with m: the finite part grows as an integer.
  std::vector<ordinal_term> terms(sum.terms().begin(), sum.terms().end());
  if (!terms.empty() && terms.back().exponent.is_zero()) {
    terms.back().coefficient = nimber(terms.back().coefficient.to_integer() + excess, ctx);
  } else {
    terms.push_back({small_ordinal(), nimber(excess)});
  }
  return ordinal::from_terms(std::move(terms), ctx);
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
  throw range_error("α_" + std::to_string(p) +
                    " is not in the α_p table (it covers the odd primes up to " +
                    std::to_string(covered_up_to()) + "); extend it with `on2 --compute-alpha " +
                    std::to_string(p) + " --table cas/data/alpha_table.txt` and rebuild on2.");
}

namespace {

constexpr std::string_view checksum_prefix = "# checksum fnv1a64 ";

std::string entry_line(const alpha_entry& e) {
  std::string qset;
  for (std::uint64_t q : e.qset) {
    if (!qset.empty()) qset += ',';
    qset += std::to_string(q);
  }
  char line[1024];  // a Q-set has at most 15 parts of f(p) < 2^64
  std::snprintf(line, sizeof line, "%llu %llu %s %llu %llu", static_cast<unsigned long long>(e.p),
                static_cast<unsigned long long>(e.order_of_two), qset.c_str(),
                static_cast<unsigned long long>(e.excess),
                static_cast<unsigned long long>(e.field_exponent));
  return line;
}

std::string hex16(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// A line of the table file being read, for error messages.
struct table_line {
  const std::string& source;
  int number;
  const std::string& text;

  [[noreturn]] void fail(const std::string& what) const {
    const std::string shown = text.size() > 80 ? text.substr(0, 80) + "…" : text;
    std::string message = source + ":" + std::to_string(number) + ": " + what +
                          (shown.empty() ? "." : " (the line is '" + shown + "').");
    for (char& c : message) {
      if (static_cast<unsigned char>(c) < 0x20) c = '?';  // a stray \r or control character
    }
    throw alpha_table_error(message);
  }
};

// A natural number: decimal digits only (no sign, no spaces), below 2^64.
std::uint64_t natural(std::string_view text, const char* what, const table_line& line) {
  std::uint64_t value = 0;
  const auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || text[0] == '+' || status != std::errc() || end != text.data() + text.size()) {
    line.fail(std::string(what) + " '" + std::string(text) +
              "' is not a natural number below 2^64");
  }
  return value;
}

alpha_entry parse_entry(const table_line& line) {
  std::vector<std::string_view> fields;
  const std::string_view text = line.text;
  for (std::size_t at = 0; at < text.size();) {
    if (text[at] == ' ' || text[at] == '\t') {
      ++at;
      continue;
    }
    const std::size_t end = std::min(text.find_first_of(" \t", at), text.size());
    fields.push_back(text.substr(at, end - at));
    at = end;
  }
  if (fields.size() != 5) {
    // A sixth field is the seconds column of the tables written before issue 17.
    line.fail("an entry has 5 fields, p f(p) Q-set m_p E, not " + std::to_string(fields.size()) +
              (fields.size() == 6 ? " (tables no longer keep the seconds an entry took; "
                                    "`on2 --compute-alpha P --recompute` writes the table anew)"
                                  : ""));
  }
  alpha_entry e;
  e.p = natural(fields[0], "p", line);
  e.order_of_two = natural(fields[1], "f(p)", line);
  for (std::size_t at = 0;;) {
    const std::size_t comma = std::min(fields[2].find(',', at), fields[2].size());
    const std::uint64_t q = natural(fields[2].substr(at, comma - at), "the Q-set's element", line);
    if (!e.qset.empty() && q <= e.qset.back()) line.fail("the Q-set is not increasing");
    e.qset.push_back(q);
    if (comma == fields[2].size()) break;
    at = comma + 1;
  }
  e.excess = natural(fields[3], "m_p", line);
  e.field_exponent = natural(fields[4], "E", line);
  return e;
}

bool is_power_of(std::uint64_t n, std::uint64_t base) {
  if (n < base) return false;
  while (n % base == 0) n /= base;
  return n == 1;
}

}  // namespace

std::uint64_t excess_lower_bound(std::uint64_t order_of_two,
                                 const std::vector<std::uint64_t>& qset) {
  const std::uint64_t f = order_of_two;
  if (f % 2 == 0 && f > 2 && is_power_of(f / 2, 3)) return 4;
  if (qset.size() == 1 && qset[0] % 2 == 1) return 1;
  return 0;
}

std::string alpha_entry_inconsistency_without_fields(const alpha_entry& entry, const context& ctx) {
  const std::uint64_t p = entry.p;
  const std::string m_p = "m_" + std::to_string(p);
  if (p < 3 || !is_prime(p)) return std::to_string(p) + " is not an odd prime";
  const std::uint64_t f = order_of_two_modulo(p, ctx);
  if (entry.order_of_two != f) {
    return "f(" + std::to_string(p) + ") is " + std::to_string(f) + " (the order of 2 modulo " +
           std::to_string(p) + "), not " + std::to_string(entry.order_of_two);
  }
  // Lenstra's rule takes the whole ℓ-part of each h it splits, and the last part, of the largest
  // prime of f, always stays: κ_h = κ_q when g = 1.
  std::uint64_t rest = f, largest_part = 1;
  for (std::uint64_t q : entry.qset) {
    std::uint64_t prime = 2;
    if (q >= 2 && rest % q == 0) {
      while (q % prime != 0) ++prime;  // q ≤ f(p) < p
    }
    if (q < 2 || rest % q != 0 || !is_power_of(q, prime) || (rest / q) % prime == 0) {
      return "the Q-set holds " + std::to_string(q) + ", which is not the whole power of a prime " +
             "in f(" + std::to_string(p) + ") = " + std::to_string(f);
    }
    rest /= q;
  }
  std::uint64_t largest_prime = 1, h = f;
  for (std::uint64_t prime = 2; prime * prime <= h; ++prime) {
    for (; h % prime == 0; h /= prime) largest_prime = prime;
  }
  if (h > 1) largest_prime = h;
  for (h = f; h % largest_prime == 0; h /= largest_prime) largest_part *= largest_prime;
  if (std::find(entry.qset.begin(), entry.qset.end(), largest_part) == entry.qset.end()) {
    return "the Q-set lacks " + std::to_string(largest_part) + ", the power of f(" +
           std::to_string(p) + ")'s largest prime, which Lenstra's rule always keeps";
  }
  const std::uint64_t lower_bound = excess_lower_bound(f, entry.qset);
  if (entry.excess < lower_bound || entry.excess - lower_bound > max_excess_above_lower_bound) {
    return m_p + " = " + std::to_string(entry.excess) + " is outside the range searched, " +
           std::to_string(lower_bound) + " (Lenstra's lower bound) to " +
           std::to_string(lower_bound + max_excess_above_lower_bound);
  }
  return "";
}

std::uint64_t alpha_table_checksum(const std::string& entry_lines) {
  std::uint64_t hash = 14695981039346656037ull;  // the FNV-1a offset basis and prime
  for (unsigned char byte : entry_lines) hash = (hash ^ byte) * 1099511628211ull;
  return hash;
}

std::string alpha_table::to_text() const {
  std::string entry_lines;
  for (const auto& [p, e] : entries_) entry_lines += entry_line(e) + '\n';
  return "# on2's table of Lenstra's constants α_p = [κ_f(p) + m_p] (docs/spec/arithmetic.md §4), "
         "computed by\n"
         "# on2's own implementation of Lenstra's algorithm: `on2 --compute-alpha P`.\n"
         "# columns: p f(p) Q-set m_p E  (E: the excess test ran in GF(2^E))\n"
         "# The last line is the checksum of the entries: an edited table is refused.\n" +
         entry_lines + std::string(checksum_prefix) + hex16(alpha_table_checksum(entry_lines)) +
         '\n';
}

alpha_table alpha_table::from_text(const std::string& text, const std::string& source,
                                   const entry_check& deep_check, const context& ctx) {
  struct numbered_entry {
    int line;
    std::string text;
    alpha_entry entry;
  };
  std::vector<numbered_entry> entries;
  std::string entry_lines;
  std::optional<std::pair<int, std::string>> checksum_line;
  int number = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string line_text = text.substr(at, end - at);
    at = end + 1;
    const table_line line{source, ++number, line_text};
    if (line_text.empty()) continue;
    if (checksum_line)
      line.fail("nothing may follow the checksum line " + std::to_string(checksum_line->first));
    if (line_text.starts_with(checksum_prefix)) {
      checksum_line.emplace(number, line_text);
      continue;
    }
    if (line_text[0] == '#') continue;
    alpha_entry e = parse_entry(line);
    const std::uint64_t expected = odd_prime_at(entries.size());
    if (e.p != expected) {
      const auto earlier = std::find_if(entries.begin(), entries.end(),
                                        [&](const numbered_entry& n) { return n.entry.p == e.p; });
      if (earlier != entries.end()) {
        line.fail("p = " + std::to_string(e.p) + " is in the table twice (line " +
                  std::to_string(earlier->line) + " has it too)");
      }
      line.fail("the entries are the odd primes 3, 5, 7, … in order, so this one is for p = " +
                std::to_string(expected) + ", not " + std::to_string(e.p));
    }
    entry_lines += line_text + '\n';
    entries.push_back({number, line_text, std::move(e)});
  }

  alpha_table table;
  const context checking(ctx, table);  // the smaller primes' α_p, as checked so far
  for (numbered_entry& n : entries) {
    const table_line line{source, n.line, n.text};
    std::string problem;
    checking.poll();
    try {
      problem = alpha_entry_inconsistency_without_fields(n.entry, checking);
      if (problem.empty() && deep_check) problem = deep_check(n.entry, checking);
    } catch (const interrupted_error&) {
      throw;
    } catch (const error& e) {  // e.g. a field above the limits, or an unusable one
      problem = e.what();
      if (problem.ends_with('.')) problem.pop_back();
    }
    if (!problem.empty()) line.fail(problem);
    n.entry.alpha = alpha_from_qset(n.entry.qset, n.entry.excess, ctx);
    table.insert(std::move(n.entry));
  }

  if (!checksum_line) {
    const std::string nothing;
    table_line{source, number, nothing}.fail("the table ends without its checksum line '" +
                                             std::string(checksum_prefix) +
                                             "…', which `on2 --compute-alpha` writes");
  }
  const std::string expected = hex16(alpha_table_checksum(entry_lines));
  const std::string& written = checksum_line->second;
  if (written.substr(checksum_prefix.size()) != expected) {
    table_line{source, checksum_line->first, written}.fail(
        "the checksum does not match the entries above it, which give " + expected +
        ": the table was edited or damaged; `on2 --compute-alpha P --table FILE --recompute` "
        "rebuilds it");
  }
  return table;
}

const alpha_table& embedded_alpha_table() {
  // Its own context, not default_context(): a cancellation requested of the default context
  // must not fail the one-time load, which is short (no deep check: the build ran it).
  static const context loading;
  static const alpha_table table = alpha_table::from_text(
      embedded_alpha_table_text, "the embedded α_p table (cas/data/alpha_table.txt)", {}, loading);
  return table;
}

const alpha_table& alphas_of(const context& ctx) {
  const alpha_table* set = ctx.alpha_table_override();
  return set != nullptr ? *set : embedded_alpha_table();
}

}  // namespace cas
