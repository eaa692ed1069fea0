#include "function_registry.hpp"

#include <algorithm>
#include <utility>

#include "cas/finite/nimber.hpp"
#include "function_groups.hpp"

namespace on2 {

// ---------------------------------------------------------------------------------------------
// Checked arguments

const cas::ordinal& function_arguments::nimber(std::size_t i) const {
  const value& v = (*this)[i];
  if (!v.is_nimber()) {
    fail(i, error_kind::type,
         entry_.name + " needs " + parameter_name(i) + " to be a nimber, not " +
             std::string(kind_name(v)) + ".",
         "Signature: " + entry_.signature + ".");
  }
  return v.as_nimber();
}

cas::integer function_arguments::natural(std::size_t i) const {
  const cas::ordinal& n = nimber(i);
  if (!n.is_finite()) {
    fail(i, error_kind::math,
         entry_.name + " needs " + parameter_name(i) +
             " to be a finite nimber (a natural number), not a transfinite one.",
         "Signature: " + entry_.signature + ".");
  }
  return n.finite_part().to_integer();
}

std::uint64_t function_arguments::small_natural(std::size_t i, std::uint64_t minimum) const {
  const cas::integer n = natural(i);
  if (n > std::numeric_limits<std::uint64_t>::max()) {
    fail(i, error_kind::limit,
         entry_.name + " needs " + parameter_name(i) + " below 2^64; this one is larger.");
  }
  const auto small = n.convert_to<std::uint64_t>();
  if (small < minimum) {
    fail(i, error_kind::math,
         entry_.name + " needs " + parameter_name(i) + " ≥ " + std::to_string(minimum) +
             "; it is " + std::to_string(small) + ".",
         "Signature: " + entry_.signature + ".");
  }
  return small;
}

const std::string& function_arguments::function_name() const noexcept {
  return entry_.name;
}

std::string function_arguments::parameter_name(std::size_t i) const {
  // The parameters of the longest form of the signature, "trace(a, n)" in "trace(a), trace(a, n)".
  const std::string& s = entry_.signature;
  const std::size_t open = s.rfind('(');
  const std::size_t close = s.rfind(')');
  std::vector<std::string> names;
  if (open != std::string::npos && close != std::string::npos && open < close) {
    std::string inside = s.substr(open + 1, close - open - 1);
    for (std::size_t start = 0; start <= inside.size();) {
      std::size_t comma = inside.find(", ", start);
      if (comma == std::string::npos) comma = inside.size();
      names.push_back(inside.substr(start, comma - start));
      start = comma + 2;
    }
  }
  if (i < names.size() && names[i] != "…" && !names[i].empty()) return names[i];
  return "argument " + std::to_string(i + 1);
}

void function_arguments::fail(std::size_t i, error_kind kind, const std::string& message,
                              std::string hint) const {
  throw argument_error(i, kind, message, std::move(hint));
}

// ---------------------------------------------------------------------------------------------
// Shared by the groups

value from_natural(std::uint64_t n) {
  return value(cas::nimber(n));
}

value list_of(const std::vector<cas::ordinal>& elements) {
  return value(list(elements.begin(), elements.end()));
}

// The nimbers among the arguments, a list argument contributing its elements.
std::vector<cas::ordinal> flattened_nimbers(const function_arguments& a) {
  std::vector<cas::ordinal> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].is_list()) {
      for (const value& element : a[i].as_list()) {
        if (!element.is_nimber()) {
          a.fail(
              i, error_kind::type,
              "The list holds " + std::string(kind_name(element)) + "; only nimbers count here.");
        }
        out.push_back(element.as_nimber());
      }
    } else {
      out.push_back(a.nimber(i));
    }
  }
  return out;
}

namespace {

std::vector<function_entry> build_registry() {
  std::vector<function_entry> r;
  add_arithmetic_functions(r);
  add_polynomial_functions(r);
  add_lenstra_functions(r);
  add_game_functions(r);
  add_table_functions(r);
  add_list_functions(r);
  add_integer_functions(r);
  add_field_functions(r);
  return r;
}

}  // namespace

const std::vector<function_entry>& function_registry() {
  static const std::vector<function_entry> registry = build_registry();
  return registry;
}

const function_entry* find_function(std::string_view name) {
  const auto& r = function_registry();
  const auto found =
      std::find_if(r.begin(), r.end(), [&](const function_entry& e) { return e.name == name; });
  return found == r.end() ? nullptr : &*found;
}

std::string arity_text(const function_entry& entry) {
  const auto count = [](std::size_t n) {
    return std::to_string(n) + (n == 1 ? " argument" : " arguments");
  };
  if (entry.maximum_arity == any_number_of_arguments) {
    return entry.minimum_arity == 0 ? "any number of arguments"
                                    : "at least " + count(entry.minimum_arity);
  }
  if (entry.minimum_arity == entry.maximum_arity) return count(entry.minimum_arity);
  if (entry.maximum_arity == entry.minimum_arity + 1) {
    return std::to_string(entry.minimum_arity) + " or " + count(entry.maximum_arity);
  }
  return std::to_string(entry.minimum_arity) + " to " + count(entry.maximum_arity);
}

const std::vector<planned_function>& planned_functions() {
  static const std::vector<planned_function> planned = [] {
    const std::string later = "a module that is not written yet";
    std::vector<planned_function> p;
    for (const char* name : {"exponent"}) {
      p.push_back({name, later});
    }
    return p;
  }();
  return planned;
}

const planned_function* find_planned_function(std::string_view name) {
  const auto& p = planned_functions();
  const auto found =
      std::find_if(p.begin(), p.end(), [&](const planned_function& f) { return f.name == name; });
  return found == p.end() ? nullptr : &*found;
}

}  // namespace on2
