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

std::string alpha_hole_reason(const alpha_hole& hole) {
  if (hole.field_exponent == 0) return "it needs the α of a smaller prime the table lacks";
  return "its excess test needs GF(2^" + std::to_string(hole.field_exponent) +
         "), above max_tower_degree = " + std::to_string(limits{}.max_tower_degree) +
         " (one element of " + std::to_string((hole.field_exponent / 8 + 500000) / 1000000) +
         " MB)";
}

void alpha_table::insert(alpha_entry entry) {
  const std::uint64_t p = entry.p;
  holes_.erase(p);
  entries_[p] = std::move(entry);
}

void alpha_table::insert_hole(alpha_hole hole) {
  const std::uint64_t p = hole.p;
  entries_.erase(p);
  holes_[p] = std::move(hole);
}

const alpha_entry* alpha_table::find(std::uint64_t p) const {
  const auto found = entries_.find(p);
  return found == entries_.end() ? nullptr : &found->second;
}

const alpha_hole* alpha_table::find_hole(std::uint64_t p) const {
  const auto found = holes_.find(p);
  return found == holes_.end() ? nullptr : &found->second;
}

std::uint64_t alpha_table::covered_up_to() const {
  std::uint64_t covered = 0;
  for (std::size_t position = 0;; ++position) {
    const std::uint64_t p = odd_prime_at(position);
    if (entries_.count(p) == 0 && holes_.count(p) == 0) return covered;
    covered = p;
  }
}

const ordinal& alpha_table::alpha(std::uint64_t p) const {
  if (const alpha_entry* entry = find(p)) return entry->alpha;
  if (const alpha_hole* hole = find_hole(p)) {
    throw missing_alpha_error(p, "α_" + std::to_string(p) +
                                     " is not known: " + alpha_hole_reason(*hole) +
                                     ", so the α_p table lacks it (docs/lenstra.md, \"Holes\").");
  }
  std::string except;
  for (const auto& [q, hole] : holes_)
    except += (except.empty() ? " except " : ", ") + std::to_string(q);
  throw missing_alpha_error(
      p, "α_" + std::to_string(p) + " is not in the α_p table (it covers the odd primes up to " +
             std::to_string(covered_up_to()) + except + "); extend it with `on2 --compute-alpha " +
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

std::string hole_line(const alpha_hole& h) {
  std::string qset;
  for (std::uint64_t q : h.qset) {
    if (!qset.empty()) qset += ',';
    qset += std::to_string(q);
  }
  return std::to_string(h.p) + ' ' + std::to_string(h.order_of_two) + ' ' +
         (qset.empty() ? "-" : qset) + " - " +
         (h.field_exponent == 0 ? "-" : std::to_string(h.field_exponent));
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

// A line of the table: an entry, or a hole when m_p is '-'.
struct parsed_line {
  alpha_entry entry;
  bool hole = false;
};

parsed_line parse_entry(const table_line& line) {
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
  parsed_line parsed;
  alpha_entry& e = parsed.entry;
  e.p = natural(fields[0], "p", line);
  e.order_of_two = natural(fields[1], "f(p)", line);
  if (fields[3] == "-") {  // a hole: the Q-set and E may be unknown too
    parsed.hole = true;
    if (fields[2] == "-" && fields[4] != "-")
      line.fail("a hole with an unknown Q-set ('-') has an unknown E ('-') too");
  } else if (fields[2] == "-" || fields[4] == "-") {
    line.fail("only a hole (m_p '-') may have an unknown Q-set or E ('-')");
  }
  for (std::size_t at = 0; fields[2] != "-";) {
    const std::size_t comma = std::min(fields[2].find(',', at), fields[2].size());
    const std::uint64_t q = natural(fields[2].substr(at, comma - at), "the Q-set's element", line);
    if (!e.qset.empty() && q <= e.qset.back()) line.fail("the Q-set is not increasing");
    e.qset.push_back(q);
    if (comma == fields[2].size()) break;
    at = comma + 1;
  }
  if (!parsed.hole) e.excess = natural(fields[3], "m_p", line);
  if (fields[4] != "-") e.field_exponent = natural(fields[4], "E", line);
  if (parsed.hole && fields[4] != "-" && e.field_exponent == 0) line.fail("E '0' is not a field");
  return parsed;
}

alpha_hole hole_of(const alpha_entry& e) {
  return {e.p, e.order_of_two, e.qset, e.field_exponent};
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

namespace {

// f(p) = ord_p(2) for an odd prime p, and a known (nonempty) Q-set made of prime-power parts of
// f(p) holding that of its largest prime; "" when so.
std::string order_and_qset_inconsistency(std::uint64_t p, std::uint64_t order_of_two,
                                         const std::vector<std::uint64_t>& qset,
                                         const context& ctx) {
  if (p < 3 || !is_prime(p)) return std::to_string(p) + " is not an odd prime";
  const std::uint64_t f = order_of_two_modulo(p, ctx);
  if (order_of_two != f) {
    return "f(" + std::to_string(p) + ") is " + std::to_string(f) + " (the order of 2 modulo " +
           std::to_string(p) + "), not " + std::to_string(order_of_two);
  }
  if (qset.empty()) return "";
  // Lenstra's rule takes the whole ℓ-part of each h it splits, and the last part, of the largest
  // prime of f, always stays: κ_h = κ_q when g = 1.
  std::uint64_t rest = f, largest_part = 1;
  for (std::uint64_t q : qset) {
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
  if (std::find(qset.begin(), qset.end(), largest_part) == qset.end()) {
    return "the Q-set lacks " + std::to_string(largest_part) + ", the power of f(" +
           std::to_string(p) + ")'s largest prime, which Lenstra's rule always keeps";
  }
  return "";
}

}  // namespace

std::string alpha_entry_inconsistency_without_fields(const alpha_entry& entry, const context& ctx) {
  const std::uint64_t p = entry.p;
  const std::string m_p = "m_" + std::to_string(p);
  if (entry.qset.empty()) return "the Q-set of an entry is known";  // the parser ensures it
  const std::string problem = order_and_qset_inconsistency(p, entry.order_of_two, entry.qset, ctx);
  if (!problem.empty()) return problem;
  const std::uint64_t lower_bound = excess_lower_bound(entry.order_of_two, entry.qset);
  if (entry.excess < lower_bound || entry.excess - lower_bound > max_excess_above_lower_bound) {
    return m_p + " = " + std::to_string(entry.excess) + " is outside the range searched, " +
           std::to_string(lower_bound) + " (Lenstra's lower bound) to " +
           std::to_string(lower_bound + max_excess_above_lower_bound);
  }
  return "";
}

std::string alpha_hole_inconsistency_without_fields(const alpha_hole& hole, const context& ctx) {
  const std::string problem =
      order_and_qset_inconsistency(hole.p, hole.order_of_two, hole.qset, ctx);
  if (!problem.empty()) return problem;
  const std::uint64_t default_limit = limits{}.max_tower_degree;
  if (hole.field_exponent != 0 && hole.field_exponent <= default_limit) {
    return "m_" + std::to_string(hole.p) + " is missing ('-') but its field GF(2^" +
           std::to_string(hole.field_exponent) +
           ") is within max_tower_degree = " + std::to_string(default_limit) +
           ": `on2 --compute-alpha` computes it";
  }
  const auto& earlier = alphas_of(ctx).holes();
  if (hole.field_exponent == 0 && (earlier.empty() || earlier.begin()->first >= hole.p)) {
    return "the field of the hole's excess test is unknown ('-'), which only a smaller hole can "
           "cause, and the table has none before it";
  }
  return "";
}

std::uint64_t alpha_table_checksum(const std::string& entry_lines) {
  std::uint64_t hash = 14695981039346656037ull;  // the FNV-1a offset basis and prime
  for (unsigned char byte : entry_lines) hash = (hash ^ byte) * 1099511628211ull;
  return hash;
}

std::string alpha_table::to_text() const {
  std::string entry_lines, lines;  // the checksum covers the entry lines, not the comments
  auto entry = entries_.begin();
  auto hole = holes_.begin();
  while (entry != entries_.end() || hole != holes_.end()) {
    if (hole == holes_.end() || (entry != entries_.end() && entry->first < hole->first)) {
      const std::string line = entry_line((entry++)->second);
      entry_lines += line + '\n';
      lines += line + '\n';
    } else {
      const std::string line = hole_line(hole->second);
      entry_lines += line + '\n';
      lines += line + "\n# m_" + std::to_string(hole->first) +
               " is not known ('-', a hole): " + alpha_hole_reason(hole->second) + ".\n";
      ++hole;
    }
  }
  return "# on2's table of Lenstra's constants α_p = [κ_f(p) + m_p] (docs/spec/arithmetic.md §4), "
         "computed by\n"
         "# on2's own implementation of Lenstra's algorithm: `on2 --compute-alpha P`.\n"
         "# columns: p f(p) Q-set m_p E  (E: the excess test ran in GF(2^E))\n"
         "# The last line is the checksum of the entries: an edited table is refused.\n" +
         lines + std::string(checksum_prefix) + hex16(alpha_table_checksum(entry_lines)) + '\n';
}

alpha_table alpha_table::from_text(const std::string& text, const std::string& source,
                                   const entry_check& deep_check, const context& ctx,
                                   const hole_check& deep_hole_check) {
  struct numbered_entry {
    int line;
    std::string text;
    alpha_entry entry;
    bool hole;
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
    parsed_line parsed = parse_entry(line);
    const alpha_entry& e = parsed.entry;
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
    entries.push_back({number, line_text, std::move(parsed.entry), parsed.hole});
  }

  alpha_table table;
  const context checking(ctx, table);  // the smaller primes' α_p, as checked so far
  for (numbered_entry& n : entries) {
    const table_line line{source, n.line, n.text};
    std::string problem;
    checking.poll();
    try {
      if (n.hole) {
        problem = alpha_hole_inconsistency_without_fields(hole_of(n.entry), checking);
        if (problem.empty() && deep_hole_check)
          problem = deep_hole_check(hole_of(n.entry), checking);
      } else {
        problem = alpha_entry_inconsistency_without_fields(n.entry, checking);
        if (problem.empty() && deep_check) problem = deep_check(n.entry, checking);
      }
    } catch (const interrupted_error&) {
      throw;
    } catch (const error& e) {  // e.g. a field above the limits, or an unusable one
      problem = e.what();
      if (problem.ends_with('.')) problem.pop_back();
    }
    if (!problem.empty()) line.fail(problem);
    if (n.hole) {
      table.insert_hole(hole_of(n.entry));
      continue;
    }
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
