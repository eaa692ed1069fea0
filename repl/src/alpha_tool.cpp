#include "alpha_tool.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "cas/tower/alpha_table_check.hpp"
#include "cas/tower/lenstra.hpp"
#include "human_duration.hpp"
#include "table_file.hpp"

namespace on2 {
namespace {

std::string join(const std::vector<std::uint64_t>& values) {
  std::string out;
  for (std::uint64_t v : values) out += (out.empty() ? "" : ", ") + std::to_string(v);
  return out;
}

void write_table(const std::string& path, const cas::alpha_table& table) {
  replace_file(path, table.to_text());
}

// A table file given to the tool is checked deeper than read_checked_alpha_table's default: the
// tool runs for minutes anyway (0.3 s for the fields up to GF(2^16384), 101 of the 126 odd primes ≤
// 709).
constexpr std::uint64_t tool_max_checked_field = 16384;

cas::alpha_table read_table(const std::string& path, const cas::context& ctx) {
  return cas::read_checked_alpha_table(read_regular_file(path), path, tool_max_checked_field, ctx);
}

// Progress lines that could not be written (stdout on a full disk) are a failure too.
int check_standard_output(int exit_code) {
  std::cout.flush();
  if (std::cout) return exit_code;
  std::cerr << "on2: error: cannot write the results to standard output.\n";
  return exit_code != 0 ? exit_code : 4;
}

// Prints the error being handled and returns its exit code (docs/spec/language.md): 1 math error,
// 3 limit, range or interruption (with `interrupted_hint` appended), 4 anything else (I/O, and a
// malformed or damaged table file).
int report_error(const std::string& interrupted_hint) {
  try {
    throw;
  } catch (const cas::alpha_table_error& e) {
    std::cerr << "on2: error: " << e.what() << "\n";
    return 4;
  } catch (const cas::interrupted_error& e) {
    std::cerr << "on2: error: " << e.what() << interrupted_hint << "\n";
    return 3;
  } catch (const cas::math_error& e) {
    std::cerr << "on2: error: " << e.what() << "\n";
    return 1;
  } catch (const cas::error& e) {
    std::cerr << "on2: error: " << e.what() << "\n";
    return 3;
  } catch (const std::exception& e) {
    std::cerr << "on2: error: " << e.what() << "\n";
    return 4;
  }
}

}  // namespace

int run_check_alpha(const std::vector<std::string>& arguments, cas::context& ctx) {
  // Without --table the table checked is the one the library embeds: the program reads a file
  // only when the user names one, so it runs the same from any directory once installed.
  std::string path;
  if (arguments.size() == 2 && arguments[0] == "--table") {
    path = arguments[1];
  } else if (!arguments.empty()) {
    std::cerr << "on2: error: usage: on2 --check-alpha [--table FILE].\n";
    return 4;
  }
  try {
    const cas::alpha_table cached =
        path.empty() ? cas::embedded_alpha_table() : read_table(path, ctx);
    if (cached.entries().empty()) {
      std::cerr << "on2: error: the α_p table '" << path << "' is empty.\n";
      return 1;
    }
    cas::alpha_table fresh;
    int differences = 0;
    const std::uint64_t last =
        std::max(cached.entries().rbegin()->first,
                 cached.holes().empty() ? 0 : cached.holes().rbegin()->first);
    cas::extend_alpha_table(
        fresh, last, ctx,
        [&](const cas::alpha_entry& e) {
          const cas::alpha_entry* c = cached.find(e.p);
          const bool same = c != nullptr && c->order_of_two == e.order_of_two &&
                            c->qset == e.qset && c->excess == e.excess &&
                            c->field_exponent == e.field_exponent;
          std::cout << "p = " << e.p << ": " << (same ? "agrees" : "DIFFERS")
                    << " (m = " << e.excess << ", GF(2^" << e.field_exponent << "))" << std::endl;
          if (!same) ++differences;
        },
        [&](const cas::alpha_hole& h) {
          const cas::alpha_hole* c = cached.find_hole(h.p);
          const bool same = c != nullptr && c->order_of_two == h.order_of_two &&
                            c->qset == h.qset && c->field_exponent == h.field_exponent;
          std::cout << "p = " << h.p << ": " << (same ? "agrees" : "DIFFERS")
                    << " (a hole: " << cas::alpha_hole_reason(h) << ")" << std::endl;
          if (!same) ++differences;
        });
    std::cout << fresh.entries().size() + fresh.holes().size() << " primes recomputed, "
              << differences << " differ.\n";
    return check_standard_output(differences == 0 ? 0 : 1);
  } catch (...) {
    return report_error("");
  }
}

namespace {

// The tool raises the tower limit for itself (docs/lenstra.md, "The new primes"): p = 839 needs
// GF(2^15762780), above the library's 2^23, and takes about 60 MB; memory is checked per prime.
// --max-tower-degree sets another; a prime whose field is above it and above the library's
// default becomes a hole, which a later run with a larger limit fills.
constexpr std::uint64_t tool_max_tower_degree = std::uint64_t{1} << 24;

std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char byte : bytes) hash = (hash ^ byte) * 1099511628211ull;
  return hash;
}

// The checkpoint of an excess test (cas::excess_test_checkpoint) as a file: a header line with
// the numbers and the FNV-1a of the words, then the words of the value and of γ, little-endian.
std::string checkpoint_text(const cas::excess_test_checkpoint& c) {
  std::string words;
  for (const auto* v : {&c.value, &c.gamma}) {
    for (std::uint64_t w : *v) {
      for (int i = 0; i < 8; ++i) words += static_cast<char>((w >> (8 * i)) & 0xff);
    }
  }
  std::ostringstream header;
  header << "on2-alpha-checkpoint 1 " << c.p << ' ' << c.excess << ' ' << c.field_exponent << ' '
         << c.steps << ' ' << c.steps_done << ' ' << c.k << ' ' << c.value.size() << ' '
         << c.gamma.size() << ' ' << fnv1a(words) << '\n';
  return header.str() + words;
}

// The checkpoint in `text`, or nothing when it is not one (damaged, or of another version).
std::optional<cas::excess_test_checkpoint> parse_checkpoint(const std::string& text) {
  const std::size_t newline = text.find('\n');
  if (newline == std::string::npos) return std::nullopt;
  std::istringstream header(text.substr(0, newline));
  std::string magic;
  int version = 0;
  cas::excess_test_checkpoint c;
  std::size_t value_words = 0, gamma_words = 0;
  std::uint64_t checksum = 0;
  header >> magic >> version >> c.p >> c.excess >> c.field_exponent >> c.steps >> c.steps_done >>
      c.k >> value_words >> gamma_words >> checksum;
  if (!header || magic != "on2-alpha-checkpoint" || version != 1) return std::nullopt;
  const std::string words = text.substr(newline + 1);
  if (words.size() != 8 * (value_words + gamma_words) || fnv1a(words) != checksum)
    return std::nullopt;
  std::size_t at = 0;
  for (auto* v : {&c.value, &c.gamma}) {
    v->resize(v == &c.value ? value_words : gamma_words);
    for (std::uint64_t& w : *v) {
      w = 0;
      for (int i = 0; i < 8; ++i)
        w |= static_cast<std::uint64_t>(static_cast<unsigned char>(words[at++])) << (8 * i);
    }
  }
  return c;
}

// Linux's peak resident memory (VmHWM), reset before each prime through /proc/self/clear_refs;
// 0 where that is not available.
void reset_peak_memory() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
}

std::uint64_t peak_memory_bytes() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.starts_with("VmHWM:")) return std::stoull(line.substr(6)) * 1024;
  }
  return 0;
}

std::uint64_t available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string line;
  while (std::getline(meminfo, line)) {
    if (line.starts_with("MemAvailable:")) return std::stoull(line.substr(13)) * 1024;
  }
  return UINT64_MAX;
}

std::string mebibytes(std::uint64_t bytes) {
  return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB";
}

std::string duration(double seconds) {
  return human_duration(std::chrono::nanoseconds(static_cast<std::int64_t>(seconds * 1e9)));
}

bool natural_argument(const std::string& text) {
  return !text.empty() && text.size() < 19 &&
         text.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

int run_compute_alpha(const std::vector<std::string>& arguments, cas::context& ctx) {
  std::string path;
  bool recompute = false;
  std::uint64_t up_to = 0;
  std::optional<std::uint64_t> max_memory;
  double checkpoint_seconds = 60;
  std::uint64_t max_tower_degree = tool_max_tower_degree;
  const char* usage =
      "on2: error: usage: on2 --compute-alpha P --table FILE [--recompute] [--max-memory BYTES] "
      "[--checkpoint-seconds S] [--max-tower-degree E] (P a bound below 10^9).\n";
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const bool has_value = i + 1 < arguments.size();
    if (arguments[i] == "--table" && has_value) {
      path = arguments[++i];
    } else if (arguments[i] == "--recompute") {
      recompute = true;
    } else if (arguments[i] == "--max-memory" && has_value && natural_argument(arguments[i + 1])) {
      max_memory = std::stoull(arguments[++i]);
    } else if (arguments[i] == "--max-tower-degree" && has_value &&
               natural_argument(arguments[i + 1])) {
      max_tower_degree = std::stoull(arguments[++i]);
    } else if (arguments[i] == "--checkpoint-seconds" && has_value &&
               natural_argument(arguments[i + 1])) {
      checkpoint_seconds = static_cast<double>(std::stoull(arguments[++i]));
    } else if (up_to == 0 && natural_argument(arguments[i]) && arguments[i].size() < 10) {
      up_to = std::stoull(arguments[i]);
    } else {
      std::cerr << usage;
      return 4;
    }
  }
  if (up_to < 3) {
    std::cerr << "on2: error: usage: on2 --compute-alpha P --table FILE [--recompute] (P ≥ 3).\n";
    return 4;
  }
  // No default file: a path relative to wherever the program happens to run would be a guess.
  if (path.empty()) {
    std::cerr << "on2: error: name the table file to write: on2 --compute-alpha " << up_to
              << " --table FILE (in a source tree, cas/data/alpha_table.txt is the table the build "
                 "embeds).\n";
    return 4;
  }
  ctx.limits().max_tower_degree = max_tower_degree;
  const std::string checkpoint_path = path + ".checkpoint";
  try {
    require_replaceable(path);
    const table_lock lock(
        path,
        [&] {
          std::cerr << "on2: waiting for another run that holds the lock on the directory of "
                    << path << "…" << std::endl;
        },
        [&] { ctx.poll(); });
    cas::alpha_table table;
    struct stat status {};
    if (!recompute && ::lstat(path.c_str(), &status) == 0) {
      table = read_table(path, ctx);
      std::cerr << "on2: read " << table.entries().size() << " entries and " << table.holes().size()
                << " holes from " << path << "\n";
    }
    std::optional<cas::excess_test_checkpoint> resume;
    if (::lstat(checkpoint_path.c_str(), &status) == 0) {
      resume = parse_checkpoint(read_regular_file(checkpoint_path));
      if (!resume) std::cerr << "on2: " << checkpoint_path << " is damaged; it is not used\n";
    }
    const cas::context inner(ctx, table);
    for (std::size_t position = 0; cas::odd_prime_at(position) <= up_to; ++position) {
      const std::uint64_t p = cas::odd_prime_at(position);
      if (table.find(p) != nullptr) continue;
      std::vector<std::uint64_t> qset;
      if (std::optional<cas::alpha_hole> hole = cas::alpha_hole_of(p, inner, &qset)) {
        table.insert_hole(*hole);
        std::cout << "α_" << p << " skipped: " << cas::alpha_hole_reason(*hole) << std::endl;
        write_table(path, table);
        continue;
      }
      // The seconds each prime took are a log, not data (docs/lenstra.md): they go to the
      // progress line only, and so does the peak memory.
      const std::uint64_t lower_bound =
          cas::excess_lower_bound(cas::order_of_two_modulo(p, inner), qset);
      const std::uint64_t needed = cas::excess_test_memory_estimate(qset, lower_bound, inner);
      const std::uint64_t available = max_memory ? *max_memory : available_memory_bytes();
      if (needed > available) {
        throw cas::limit_error("α_" + std::to_string(p) + " needs about " + mebibytes(needed) +
                               " (an estimate), above the " + mebibytes(available) +
                               (max_memory ? " of --max-memory." : " of memory available."));
      }
      reset_peak_memory();
      const auto started = std::chrono::steady_clock::now();
      const std::clock_t started_cpu = std::clock();
      auto last_report = started, last_checkpoint = started;
      // The time left is estimated from the recent steps (a moving average): the conjugate
      // product's steps cost several of the power's.
      auto previous_step = started;
      double seconds_per_step = 0;
      cas::excess_test_observer observer;
      observer.resume = resume && resume->p == p ? &*resume : nullptr;
      if (observer.resume != nullptr) {
        std::cerr << "on2: α_" << p << ": resuming the test of m = " << resume->excess
                  << " after step " << resume->steps_done << " of " << resume->steps << " from "
                  << checkpoint_path << std::endl;
      }
      observer.step = [&](const cas::excess_test_checkpoint& c) {
        const auto now = std::chrono::steady_clock::now();
        const double step_seconds = std::chrono::duration<double>(now - previous_step).count();
        previous_step = now;
        seconds_per_step =
            seconds_per_step == 0 ? step_seconds : 0.8 * seconds_per_step + 0.2 * step_seconds;
        const double elapsed = std::chrono::duration<double>(now - started).count();
        if (std::chrono::duration<double>(now - last_report).count() >= 10) {
          std::cerr << "on2: α_" << p << ", m = " << c.excess << ": step " << c.steps_done << " of "
                    << c.steps << ", " << duration(elapsed) << " so far, about "
                    << duration(seconds_per_step * static_cast<double>(c.steps - c.steps_done))
                    << " left for this m" << std::endl;
          last_report = now;
        }
        if (c.steps_done < c.steps &&
            std::chrono::duration<double>(now - last_checkpoint).count() >= checkpoint_seconds) {
          replace_file(checkpoint_path, checkpoint_text(c));
          std::cerr << "on2: α_" << p << ", m = " << c.excess << ": checkpoint after step "
                    << c.steps_done << " of " << c.steps << std::endl;
          last_checkpoint = now;
        }
      };
      cas::alpha_entry entry = cas::compute_alpha_entry(p, inner, observer);
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      // On a shared machine the wall time says little: the processor time is printed too.
      const std::clock_t confirming_cpu = std::clock();
      const double cpu = static_cast<double>(confirming_cpu - started_cpu) / CLOCKS_PER_SEC;
      // The second, independent computation before the entry enters the table.
      const auto confirming = std::chrono::steady_clock::now();
      const std::string problem = cas::excess_confirmation_problem(entry, inner);
      if (!problem.empty()) {
        throw cas::internal_error("α_" + std::to_string(p) + " is not confirmed: " + problem +
                                  "; it is not written to the table.");
      }
      const double confirmed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - confirming).count();
      table.insert(entry);
      const double confirmed_cpu =
          static_cast<double>(std::clock() - confirming_cpu) / CLOCKS_PER_SEC;
      char seconds[128];
      std::snprintf(seconds, sizeof seconds,
                    "%.3f s (CPU %.3f s), confirmed in %.3f s (CPU %.3f s)", elapsed, cpu,
                    confirmed, confirmed_cpu);
      const std::uint64_t peak = peak_memory_bytes();
      std::cout << "α_" << entry.p << " = " << cas::to_string(entry.alpha)
                << "   (f = " << entry.order_of_two << ", Q = {" << join(entry.qset)
                << "}, m = " << entry.excess << ", GF(2^" << entry.field_exponent << "), "
                << seconds << (peak == 0 ? "" : ", peak " + mebibytes(peak)) << ")" << std::endl;
      write_table(path, table);
      if (observer.resume != nullptr || ::lstat(checkpoint_path.c_str(), &status) == 0) {
        std::remove(checkpoint_path.c_str());
        resume.reset();
      }
    }
    write_table(path, table);
    return check_standard_output(0);
  } catch (...) {
    return report_error(" The table keeps every prime finished so far (and " + checkpoint_path +
                        " the last checkpoint of a long one); run the same command to resume.");
  }
}

int run_alpha_bfile(const std::vector<std::string>& arguments, cas::context& ctx) {
  std::string path;
  if (arguments.size() == 2 && arguments[0] == "--table") {
    path = arguments[1];
  } else if (!arguments.empty()) {
    std::cerr << "on2: error: usage: on2 --alpha-bfile [--table FILE].\n";
    return 4;
  }
  try {
    const cas::alpha_table table =
        path.empty() ? cas::embedded_alpha_table() : read_table(path, ctx);
    // An OEIS b-file lists n and a(n) for consecutive n: here n is the index of the n-th odd prime
    // (p = 3 is n = 1), as in A380496. It stops before the first hole; the entries after it follow
    // as comment lines, which b-file readers skip.
    std::cout
        << "# m_p, Lenstra's excess of the n-th odd prime p (OEIS A380496), computed by on2\n";
    bool after_hole = false;
    for (std::size_t position = 0;; ++position) {
      const std::uint64_t p = cas::odd_prime_at(position);
      if (const cas::alpha_entry* entry = table.find(p)) {
        std::cout << (after_hole ? "# " : "") << position + 1 << ' ' << entry->excess << '\n';
      } else if (const cas::alpha_hole* hole = table.find_hole(p)) {
        std::cout << "# " << (after_hole ? "" : "the b-file stops here: ") << "n = " << position + 1
                  << " (p = " << p << "): m_" << p << " is not known; "
                  << cas::alpha_hole_reason(*hole) << "\n";
        after_hole = true;
      } else {
        break;
      }
    }
    return check_standard_output(0);
  } catch (...) {
    return report_error("");
  }
}

}  // namespace on2
