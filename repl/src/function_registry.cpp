#include "function_registry.hpp"

#include <algorithm>
#include <utility>

#include "cas/alpha_table.hpp"
#include "cas/error.hpp"
#include "cas/kappa.hpp"
#include "cas/lenstra.hpp"
#include "cas/nimber.hpp"
#include "cas/ordinal_field.hpp"
#include "cas/primes.hpp"

namespace on2 {

// ---------------------------------------------------------------------------------------------
// Checked arguments

const cas::ordinal& function_arguments::nimber(std::size_t i) const {
  const value& v = (*this)[i];
  if (!v.is_nimber()) {
    fail(i, error_kind::usage,
         entry_.name + " needs " + parameter_name(i) + " to be a nimber, not " +
             std::string(kind_name(v)) + ".",
         "Signature: " + entry_.signature + ".");
  }
  return v.as_nimber();
}

cas::integer function_arguments::natural(std::size_t i) const {
  const cas::ordinal& n = nimber(i);
  if (!n.is_finite()) {
    fail(i, error_kind::usage,
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
// The entries

namespace {

using args = function_arguments;

value from_natural(std::uint64_t n) {
  return value(cas::nimber(n));
}

value list_of(const std::vector<cas::ordinal>& elements) {
  return value(list(elements.begin(), elements.end()));
}

// α_p needs an odd prime p; the table then has it or says how to compute it.
std::uint64_t odd_prime(const args& a, std::size_t i) {
  const std::uint64_t p = a.small_natural(i);
  if (p < 3 || !cas::is_prime(p)) {
    a.fail(i, error_kind::math,
           a.function_name() + " needs " + a.parameter_name(i) + " to be an odd prime; " +
               std::to_string(p) + " is not one.",
           "α_p and m_p exist for the odd primes 3, 5, 7, 11, …");
  }
  return p;
}

// The nimbers among the arguments, a list argument contributing its elements.
std::vector<cas::ordinal> flattened_nimbers(const args& a) {
  std::vector<cas::ordinal> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].is_list()) {
      for (const value& element : a[i].as_list()) {
        if (!element.is_nimber()) {
          a.fail(
              i, error_kind::usage,
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

std::vector<function_entry> build_registry() {
  // minpoly, solve, roots, factor, gcd, deg, … need polynomial values; they join with the
  // polynomial module (see planned_functions()).
  std::vector<function_entry> r;
  r.push_back(
      {"inv", 1, 1, "inv(a)", "the nim inverse of a ≠ 0", {"inv(2)", "3"}, [](const args& a) {
         return value(cas::nim_inv(a.nimber(0), a.context()));
       }});
  r.push_back({"sqrt",
               1,
               1,
               "sqrt(a)",
               "the unique nim square root of a",
               {"sqrt(3)", "2"},
               [](const args& a) { return value(cas::nim_sqrt(a.nimber(0), a.context())); }});
  r.push_back({"root",
               2,
               2,
               "root(a, n)",
               "the list of all n-th roots of a, in Cantor order",
               {"root(2, 3)", "{ω, [ω·2], [ω·3]}"},
               [](const args& a) {
                 a.small_natural(1, 1);  // n ≥ 1, with the error pointing at n
                 return list_of(cas::nim_roots(a.nimber(0), a.natural(1), a.context()));
               }});
  r.push_back(
      {"pow",
       2,
       2,
       "pow(a, n)",
       "the nim power a^n for a natural n (the same as a^n)",
       {"pow(ω, 3)", "2"},
       [](const args& a) { return value(cas::nim_pow(a.nimber(0), a.natural(1), a.context())); }});
  r.push_back({"order",
               1,
               1,
               "order(a)",
               "the multiplicative order of a ≠ 0",
               {"order(ω)", "9"},
               [](const args& a) {
                 return value(cas::nimber(cas::nim_order(a.nimber(0), a.context()), a.context()));
               }});
  r.push_back(
      {"degree",
       1,
       1,
       "degree(a)",
       "the degree of a over GF(2)",
       {"degree(ω)", "6"},
       [](const args& a) { return from_natural(cas::nim_degree(a.nimber(0), a.context())); }});
  r.push_back({"conjugates",
               1,
               1,
               "conjugates(a)",
               "the Frobenius orbit a, a^2, a^4, … (the conjugates of a over GF(2))",
               {"conjugates(2)", "{2, 3}"},
               [](const args& a) { return list_of(cas::conjugates(a.nimber(0), a.context())); }});
  r.push_back({"trace",
               1,
               2,
               "trace(a), trace(a, n)",
               "the trace from F₂(a) to GF(2), or from GF(2^lcm(degree(a), n)) to GF(2^n)",
               {"trace(2)", "1"},
               [](const args& a) {
                 if (a.size() == 1) return from_natural(cas::nim_trace(a.nimber(0), a.context()));
                 const std::uint64_t n = a.small_natural(1, 1);
                 return value(cas::nim_trace(a.nimber(0), n, a.context()));
               }});
  r.push_back({"norm",
               1,
               2,
               "norm(a), norm(a, n)",
               "the norm from F₂(a) to GF(2), or from GF(2^lcm(degree(a), n)) to GF(2^n)",
               {"norm(ω, 2)", "2"},
               [](const args& a) {
                 if (a.size() == 1) return from_natural(cas::nim_norm(a.nimber(0), a.context()));
                 const std::uint64_t n = a.small_natural(1, 1);
                 return value(cas::nim_norm(a.nimber(0), n, a.context()));
               }});
  r.push_back({"field",
               1,
               1,
               "field(a)",
               "the tower field holding a: its κ generators and its size 2^E",
               {"field(ω)", "\"GF(2^6), spanned by κ_2, κ_3\""},
               [](const args& a) {
                 return value::string(cas::field_description(a.nimber(0), a.context()));
               }});
  r.push_back({"is_finite",
               1,
               1,
               "is_finite(a)",
               "whether a is a finite nimber",
               {"is_finite(ω)", "false"},
               [](const args& a) { return value::boolean(a.nimber(0).is_finite()); }});
  r.push_back(
      {"kappa",
       1,
       1,
       "kappa(h)",
       "Conway's κ_h: for a prime power h its generator, for any h ≥ 1 by Lenstra's rule",
       {"kappa(5)", "[ω^ω]"},
       [](const args& a) { return value(cas::kappa(a.small_natural(0, 1), a.context())); }});
  r.push_back({"alpha",
               1,
               1,
               "alpha(p)",
               "Lenstra's α_p = κ_p^p for an odd prime p, from the α_p table",
               {"alpha(7)", "[ω + 1]"},
               [](const args& a) { return value(a.context().alphas().alpha(odd_prime(a, 0))); }});
  r.push_back({"excess",
               1,
               1,
               "excess(p)",
               "Lenstra's excess m_p for an odd prime p: α_p = [κ_f(p) + m_p]",
               {"excess(7)", "1"},
               [](const args& a) {
                 const std::uint64_t p = odd_prime(a, 0);
                 const cas::alpha_table& table = a.context().alphas();
                 if (const cas::alpha_entry* entry = table.find(p))
                   return from_natural(entry->excess);
                 table.alpha(p);  // throws the range_error that says how to extend the table
                 return from_natural(0);
               }});
  r.push_back({"qset",
               1,
               1,
               "qset(h)",
               "the prime powers q with κ_h = ⊕ κ_q, by Lenstra's rule (h ≥ 2)",
               {"qset(15)", "{3, 5}"},
               [](const args& a) {
                 const auto qs = cas::lenstra_qset(a.small_natural(0, 2), a.context());
                 list out;
                 for (const std::uint64_t q : qs) out.push_back(from_natural(q));
                 return value(std::move(out));
               }});
  r.push_back({"mex",
               0,
               any_number_of_arguments,
               "mex(a, b, …)",
               "the least natural number not among the finite values given (lists are opened)",
               {"mex(0, 1, 3)", "2"},
               [](const args& a) {
                 std::vector<cas::nimber> finite;
                 const std::vector<cas::ordinal> all = flattened_nimbers(a);
                 for (const cas::ordinal& o : all) {
                   if (!o.is_finite()) {
                     throw argument_error(
                         0, error_kind::usage,
                         "mex takes finite values only; a transfinite one was given.");
                   }
                   finite.push_back(o.finite_part());
                 }
                 std::sort(finite.begin(), finite.end());
                 std::uint64_t candidate = 0;
                 for (const cas::nimber& n : finite) {
                   if (n == cas::nimber(candidate))
                     ++candidate;
                   else if (n > cas::nimber(candidate))
                     break;
                 }
                 return from_natural(candidate);
               }});
  r.push_back({"nim",
               1,
               any_number_of_arguments,
               "nim(a, b, …)",
               "the value of a sum of Nim heaps of sizes a, b, …: their nim sum (lists are opened)",
               {"nim(3, 5, 6)", "0"},
               [](const args& a) {
                 cas::ordinal sum;
                 for (const cas::ordinal& o : flattened_nimbers(a)) sum = cas::nim_add(sum, o);
                 return value(std::move(sum));
               }});
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
    const std::string polynomials = "polynomial values, which arrive with the polynomial module";
    const std::string later = "a module that is not written yet";
    std::vector<planned_function> p;
    for (const char* name :
         {"minpoly", "solve", "roots", "factor", "gcd", "deg", "irreducible", "quo", "rem"}) {
      p.push_back({name, polynomials});
    }
    for (const char* name : {"exponent", "corners", "corners_value", "corners_check", "table",
                             "check", "plot", "explain", "kappas"}) {
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
