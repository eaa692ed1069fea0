// Fuzz target: parse and evaluate a program (docs/fuzzing.md), in a session whose context has
// small limits and a time budget: a watchdog thread requests cancellation through the context's
// token when one input has run for a second, so only computations that ignore the token can
// reach libFuzzer's -timeout.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string_view>
#include <thread>

#include "cas/core/context.hpp"
#include "evaluator.hpp"

namespace {

constexpr auto time_budget = std::chrono::seconds(1);

cas::limits small_limits() {
  cas::limits l;
  l.max_nimber_bits = std::uint64_t{1} << 14;
  l.max_minpoly_degree = 256;
  l.max_nimber_minpoly_degree = 1024;
  l.max_mex_size = 24;
  l.max_exponent_bits = std::uint64_t{1} << 12;
  l.max_tower_degree = std::uint64_t{1} << 12;
  l.max_factoring_steps = 100000;
  l.max_ecm_curves = 20;
  l.max_log_prime_bits = 30;
  l.max_root_count = 256;
  l.max_ordinal_terms = 256;
  l.max_polynomial_degree = 64;
  l.max_prime_test_bits = 1024;  // a test of 2^14 bits takes a second, which GMP cannot cancel
  l.max_text_table_size = 32;
  l.max_table_file_size = 64;  // table(n, "f.csv") and plot(n, "f.svg") write n² entries
  return l;
}

// Cancels the current input's computation once it has run for `time_budget`.
class watchdog {
 public:
  explicit watchdog(cas::cancellation_token& token) : token_(token) {
    std::thread([this] { watch(); }).detach();  // lives as long as the process
  }

  void start() {
    std::lock_guard lock(mutex_);
    token_.reset();
    ++generation_;
    running_ = true;
    changed_.notify_one();
  }

  void stop() {
    std::lock_guard lock(mutex_);
    running_ = false;
    token_.reset();
    changed_.notify_one();
  }

 private:
  void watch() {
    std::unique_lock lock(mutex_);
    for (;;) {
      changed_.wait(lock, [this] { return running_; });
      const std::uint64_t watched = generation_;
      const bool finished =
          changed_.wait_for(lock, time_budget, [&] { return !running_ || generation_ != watched; });
      if (!finished) token_.request();
      changed_.wait(lock, [&] { return !running_ || generation_ != watched; });
    }
  }

  cas::cancellation_token& token_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::uint64_t generation_ = 0;
  bool running_ = false;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static cas::context ctx(small_limits());
  static watchdog* guard = new watchdog(ctx.cancellation());  // never destroyed: its thread runs on
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  guard->start();
  {
    on2::session language(ctx);  // a fresh session per input, so that inputs are independent
    const on2::run_report report = language.run_text(text, "<fuzz>", /*keep_going=*/true);
    for (const on2::output_line& line : report.lines) (void)on2::to_json(line);
  }
  guard->stop();
  return 0;
}
