#pragma once
// The one registry of on2's functions (docs/style.md item 7): each entry's name, arity, signature,
// one-line summary, example and implementation. Evaluation calls through it; `:help`, tab
// completion and the function reference in docs/ read it. The REPL holds no mathematics: every
// implementation is a thin call into cas.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/integer.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "evaluation_error.hpp"
#include "value.hpp"

namespace on2 {

struct function_entry;

// Thrown by an implementation about one of its arguments; the evaluator points the caret at it.
class argument_error : public std::runtime_error {
 public:
  argument_error(std::size_t index, error_kind kind, const std::string& message,
                 std::string hint = {})
      : std::runtime_error(message), index_(index), kind_(kind), hint_(std::move(hint)) {}
  std::size_t index() const noexcept { return index_; }
  error_kind kind() const noexcept { return kind_; }
  const std::string& hint() const noexcept { return hint_; }

 private:
  std::size_t index_;
  error_kind kind_;
  std::string hint_;
};

// The evaluated arguments of one call, with checked accessors whose errors name the parameter
// as the signature does ("root(a, n) needs n ≥ 1.").
class function_arguments {
 public:
  function_arguments(const function_entry& entry, const std::vector<value>& values,
                     cas::context& ctx)
      : entry_(entry), values_(values), context_(ctx) {}

  std::size_t size() const noexcept { return values_.size(); }
  const value& operator[](std::size_t i) const { return values_.at(i); }
  cas::context& context() const noexcept { return context_; }

  // Argument i as a nimber (usage error otherwise).
  const cas::ordinal& nimber(std::size_t i) const;
  // Argument i as a finite nimber, read as the natural number it is.
  cas::integer natural(std::size_t i) const;
  // The same, at least `minimum` and below 2^64 (a limit error above).
  std::uint64_t small_natural(std::size_t i, std::uint64_t minimum = 0) const;
  const std::string& function_name() const noexcept;
  // The parameter's name in the signature ("n"), or "argument 3" beyond the named ones.
  std::string parameter_name(std::size_t i) const;

  [[noreturn]] void fail(std::size_t i, error_kind kind, const std::string& message,
                         std::string hint = {}) const;

 private:
  const function_entry& entry_;
  const std::vector<value>& values_;
  cas::context& context_;
};

inline constexpr std::size_t any_number_of_arguments = std::numeric_limits<std::size_t>::max();

struct function_example {
  std::string input;   // a statement, e.g. "root(2, 3)"
  std::string output;  // what it prints (Unicode, decimal), e.g. "{ω, [ω·2], [ω·3]}"
};

struct function_entry {
  std::string name;
  std::size_t minimum_arity = 0;
  std::size_t maximum_arity = 0;  // any_number_of_arguments for mex, nim
  std::string signature;          // every form, e.g. "trace(a), trace(a, n)"
  std::string summary;            // one line
  function_example example;
  std::function<value(const function_arguments&)> implementation;
  // The argument that counts multiplications (the n of powmod(f, n, g)): evaluated as an
  // integer like an exponent (docs/spec/language.md "Exponents") and passed as the natural it is.
  std::optional<std::size_t> exponent_argument = std::nullopt;
};

// Every function, in the order of docs/spec/language.md "Functions".
const std::vector<function_entry>& function_registry();
// The entry named `name`, or nullptr.
const function_entry* find_function(std::string_view name);
// "1 argument", "1 or 2 arguments", "2 arguments", "any number of arguments", "at least 1
// argument".
std::string arity_text(const function_entry& entry);

// Functions docs/spec/language.md names that are not registered yet, and why. Their names are
// reserved (they cannot be assigned), and calling one says what it waits for.
struct planned_function {
  std::string name;
  std::string waits_for;  // completes "`minpoly` needs …", e.g. "polynomial values, which …"
};
const std::vector<planned_function>& planned_functions();
const planned_function* find_planned_function(std::string_view name);

}  // namespace on2
