#pragma once
// What long computations need, passed explicitly (docs/architecture.md, layer 1: core): the limits,
// a cancellation token and the α_p table in use. A default context exists for convenience; it has
// the default limits, no α_p table of its own (so the embedded one is used) and its own token,
// which nothing sets unless the program asks it to.
// Every cas function that can hit a limit or run long takes a context as its last parameter,
// defaulting to default_context(); cas passes the caller's context on and never takes the default
// one behind the caller's back.
//
// Thread safety: several threads may use one context at once (limits(), alpha_table_override()
// and poll() only read; random() is the exception: each thread needs its own context to draw random
// numbers); set its limits and α_p table before sharing it. The cancellation token
// may be requested from any thread or a signal handler. default_context() is one object shared by
// its callers.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <typeindex>
#include <typeinfo>
#include <unordered_map>

#include "cas/core/random_generator.hpp"

namespace cas {

// Defined by the kappa layer (cas/kappa/alpha_table.hpp). The core only carries a pointer to one:
// alphas_of(context) there picks the table in use, so the core depends on nothing above it.
class alpha_table;

// Every unbounded input of cas has a limit here. Exceeding one is a limit_error naming it.
struct limits {
  // Largest finite nimber, in bits (2^24 = 16 Mibit: 2 MiB per value).
  std::uint64_t max_nimber_bits = std::uint64_t{1} << 24;
  // Largest degree over GF(2) for which the minimal polynomial of a transfinite element is
  // computed (2d products in its tower field), and of F₂(a) for its d × d bases.
  std::uint64_t max_minpoly_degree = 4096;
  // Largest degree of the minimal polynomial of a finite nimber (power projection: about 2√d
  // products of d-bit nimbers and O(d²/64) word operations, O(√d·d) bits, at most 64 MiB of them).
  std::uint64_t max_nimber_minpoly_degree = std::uint64_t{1} << 20;
  // Largest n for the mex reference tables (they cost about n^4 operations).
  std::uint64_t max_mex_size = 256;
  // Largest number of bits of a power's exponent (before reduction by the group order).
  std::uint64_t max_exponent_bits = std::uint64_t{1} << 26;
  // Largest degree E of a materialised tower field GF(2^E) (docs/architecture.md: 2^23 bits).
  std::uint64_t max_tower_degree = std::uint64_t{1} << 23;
  // Pollard-rho steps spent on one composite factor (of an integer, or of 2^d − 1) before ECM.
  std::uint64_t max_factoring_steps = 2000000;
  // Elliptic curves (GMP-ECM) tried on one composite factor before giving up
  // (cas/arith/integer_factoring.hpp); 1000 curves reach most 30-digit primes.
  std::uint64_t max_ecm_curves = 1000;
  // Largest composite, in bits, that ECM is tried on (a curve costs about bits² per step).
  std::uint64_t max_ecm_bits = 512;
  // Largest prime factor of the group order, in bits, that a discrete logarithm handles
  // (Pollard rho in a subgroup of prime order q costs about √q products).
  std::uint64_t max_log_prime_bits = 50;
  // Largest number of roots root(a, n) lists (its odd part m of n).
  std::uint64_t max_root_count = 65536;
  // Largest number of terms of an ordinal in Cantor normal form.
  std::uint64_t max_ordinal_terms = 100000;
  // Largest n for the tables of the nimbers below n printed as text (table(n)).
  std::uint64_t max_text_table_size = 256;
  // Largest n for tables written to files, pictures and field checks (docs/architecture.md: 65536).
  std::uint64_t max_table_file_size = 65536;
  // Largest file table(n, "file.csv") writes, in bytes, computed before the first line
  // (n = 65536 would make about 100 GB).
  std::uint64_t max_table_file_bytes = std::uint64_t{1} << 30;
  // Largest degree of a polynomial (factoring costs about degree^3 field products).
  std::uint64_t max_polynomial_degree = 4096;
  // Largest sum of the degrees E of the tower fields GF(2^E) a context keeps built for later
  // calls (cas/tower/tower_field_cache.hpp); 0 keeps none. A field's tables take about E words.
  std::uint64_t max_tower_cache_degree = std::uint64_t{1} << 20;
  // Largest natural, in bits, that a primality test takes (is_prime of an integer): a test of
  // n costs about a dozen modular powers of n's size, which GMP cannot interrupt.
  std::uint64_t max_prime_test_bits = 1u << 14;
};

// Set from anywhere (a SIGINT handler included: the flag is a lock-free atomic), polled by long
// loops through context::poll().
class cancellation_token {
 public:
  void request() noexcept { requested_.store(true, std::memory_order_relaxed); }
  void reset() noexcept { requested_.store(false, std::memory_order_relaxed); }
  bool requested() const noexcept { return requested_.load(std::memory_order_relaxed); }

 private:
  std::atomic<bool> requested_{false};
  static_assert(std::atomic<bool>::is_always_lock_free);
};

class context {
 public:
  context() = default;
  explicit context(const struct limits& l) : limits_(l) {}
  // A context with the parent's limits and cancellation token (a request to either reaches
  // both) but its own α_p table, which must outlive it, as must the parent.
  context(const context& parent, const alpha_table& alphas);
  context(const context&) = delete;
  context& operator=(const context&) = delete;

  const struct limits& limits() const noexcept { return limits_; }
  struct limits& limits() noexcept {
    return limits_;
  }
  cancellation_token& cancellation() noexcept { return *token_; }
  // The context's own random numbers (random_element; the REPL's seed(n) reseeds them), so a
  // script that seeds them is reproducible. Not for sharing: drawing changes the state.
  random_generator& random() noexcept { return random_; }
  const cancellation_token& cancellation() const noexcept { return *token_; }

  // Throws interrupted_error when cancellation was requested. Cheap: one relaxed atomic load.
  void poll() const {
    if (token_->requested()) throw_interrupted();
  }

  // The α_p table set for this context, or nullptr for the one embedded in the library (the table
  // must outlive the context). Callers use alphas_of(context) in cas/kappa/alpha_table.hpp.
  const alpha_table* alpha_table_override() const noexcept { return alphas_; }
  void use_alphas(const alpha_table* table) noexcept { alphas_ = table; }

  // Throws limit_error "<what> is <value>, above the limit <name> = <limit>." when value > limit.
  void check_limit(std::uint64_t value, std::uint64_t limit, const char* what,
                   const char* limit_name) const;

  // The context's one object of type T, default-constructed by the first call: a cache that a
  // layer above keeps per context (the tower layer's built fields). T must be safe to use from
  // several threads at once (threads may share a context); finding or making it takes a lock.
  template <class T>
  T& cache() const {
    const std::lock_guard<std::mutex> lock(caches_mutex_);
    std::shared_ptr<void>& slot = caches_[std::type_index(typeid(T))];
    if (!slot) slot = std::make_shared<T>();
    return *static_cast<T*>(slot.get());
  }

 private:
  [[noreturn]] static void throw_interrupted();
  struct limits limits_;
  cancellation_token own_token_;
  cancellation_token* token_ = &own_token_;
  const alpha_table* alphas_ = nullptr;
  random_generator random_;
  mutable std::mutex caches_mutex_;
  mutable std::unordered_map<std::type_index, std::shared_ptr<void>> caches_;
};

// The one documented default: default limits, a token nobody sets unless asked to.
context& default_context();

}  // namespace cas
