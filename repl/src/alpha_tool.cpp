#include "alpha_tool.hpp"

#include <sys/stat.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "cas/core/error.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "cas/tower/alpha_table_check.hpp"
#include "cas/tower/lenstra.hpp"
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
    cas::extend_alpha_table(
        fresh, cached.entries().rbegin()->first, ctx, [&](const cas::alpha_entry& e) {
          const cas::alpha_entry* c = cached.find(e.p);
          const bool same = c != nullptr && c->order_of_two == e.order_of_two &&
                            c->qset == e.qset && c->excess == e.excess &&
                            c->field_exponent == e.field_exponent;
          std::cout << "p = " << e.p << ": " << (same ? "agrees" : "DIFFERS")
                    << " (m = " << e.excess << ", GF(2^" << e.field_exponent << "))" << std::endl;
          if (!same) ++differences;
        });
    std::cout << fresh.entries().size() << " primes recomputed, " << differences << " differ.\n";
    return check_standard_output(differences == 0 ? 0 : 1);
  } catch (...) {
    return report_error("");
  }
}

int run_compute_alpha(const std::vector<std::string>& arguments, cas::context& ctx) {
  std::string path;
  bool recompute = false;
  std::uint64_t up_to = 0;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i] == "--table" && i + 1 < arguments.size()) {
      path = arguments[++i];
    } else if (arguments[i] == "--recompute") {
      recompute = true;
    } else if (up_to == 0 && !arguments[i].empty() &&
               arguments[i].find_first_not_of("0123456789") == std::string::npos &&
               arguments[i].size() < 10) {
      up_to = std::stoull(arguments[i]);
    } else {
      std::cerr << "on2: error: usage: on2 --compute-alpha P --table FILE [--recompute] "
                   "(P a bound below 10^9).\n";
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
      std::cerr << "on2: read " << table.entries().size() << " entries from " << path << "\n";
    }
    // The seconds each prime took are a log, not data (docs/lenstra.md): they go to the progress
    // line only. Timed from the end of the previous table write, so writing is not counted.
    auto started = std::chrono::steady_clock::now();
    cas::extend_alpha_table(table, up_to, ctx, [&](const cas::alpha_entry& e) {
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%.3f", elapsed);
      std::cout << "α_" << e.p << " = " << cas::to_string(e.alpha) << "   (f = " << e.order_of_two
                << ", Q = {" << join(e.qset) << "}, m = " << e.excess << ", GF(2^"
                << e.field_exponent << "), " << seconds << " s)" << std::endl;
      write_table(path, table);
      started = std::chrono::steady_clock::now();
    });
    write_table(path, table);
    return check_standard_output(0);
  } catch (...) {
    return report_error(
        " The table keeps every prime finished so far; run the same command to resume.");
  }
}

}  // namespace on2
