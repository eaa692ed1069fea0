#include "evaluator.hpp"

#include <gmp.h>

#include <cstdio>

#include <algorithm>
#include <cassert>
#include <new>
#include <utility>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/poly/polynomial.hpp"
#include "function_registry.hpp"
#include "name_suggestion.hpp"
#include "parser/diagnostic.hpp"
#include "parser/printable_text.hpp"

namespace on2 {
namespace {

using parser::binary_operation;
using parser::binary_operator;
using parser::expression;
using parser::source_span;

// docs/architecture.md error model: which exit code a cas failure earns.
error_kind kind_of(const cas::error& e) {
  if (dynamic_cast<const cas::math_error*>(&e) != nullptr) return error_kind::math;
  if (dynamic_cast<const parser::parse_error*>(&e) != nullptr) return error_kind::parse;
  if (dynamic_cast<const cas::limit_error*>(&e) != nullptr) return error_kind::limit;
  // Not a limit_error (cas/core/error.hpp), but the same exit code (docs/spec/language.md).
  if (dynamic_cast<const cas::interrupted_error*>(&e) != nullptr) return error_kind::limit;
  if (dynamic_cast<const cas::range_error*>(&e) != nullptr) return error_kind::limit;
  return error_kind::math;
}

// Runs `work`, turning a cas failure into an evaluation_error at `span`.
template <class Work>
auto at_span(const source_span& span, Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const evaluation_error&) {
    throw;
  } catch (const cas::error& e) {
    throw evaluation_error(kind_of(e), span, e.what());
  } catch (const std::bad_alloc&) {
    throw evaluation_error(error_kind::limit, span, "Out of memory.",
                           "The limits (`:help limits`) keep most computations well inside "
                           "memory; this one needed more.");
  }
}

bool is_left_associative(binary_operator op) {
  return op != binary_operator::nim_power && op != binary_operator::cantor_power;
}

std::string quoted_name(std::string_view name) {
  return "`" + std::string(name) + "`";
}

std::vector<std::string> function_names() {
  std::vector<std::string> names;
  for (const function_entry& e : function_registry()) names.push_back(e.name);
  return names;
}

bool is_function_name(std::string_view name) {
  return find_function(name) != nullptr || find_planned_function(name) != nullptr;
}

class expression_evaluator {
 public:
  expression_evaluator(cas::context& ctx,
                       const std::map<std::string, value, std::less<>>& variables,
                       const std::vector<value>& results, std::string_view text,
                       const print_options& options)
      : context_(ctx), variables_(variables), results_(results), text_(text), options_(options) {}

  value evaluate(const expression& e) {
    return std::visit([&](const auto& node) { return evaluate_node(node, e); }, e.node);
  }

 private:
  // -------------------------------------------------------------------------------------------
  // Primaries

  value evaluate_node(const parser::natural_literal& literal, const expression& e) {
    return at_span(e.span, [&] {
      cas::integer n;
      // The parser checked the digits and their count (parse_limits::max_literal_digits).
      mpz_set_str(n.backend().data(), literal.digits.c_str(), static_cast<int>(literal.base));
      return value(cas::nimber(n, context_));  // limit_error above max_nimber_bits
    });
  }

  value evaluate_node(const parser::omega_literal&, const expression&) {
    return value(cas::ordinal::omega());
  }

  value evaluate_node(const parser::boolean_literal& b, const expression&) {
    return value::boolean(b.value);
  }

  value evaluate_node(const parser::string_literal& s, const expression&) {
    return value::string(s.value);
  }

  // A variable, or else (docs/spec/language.md "Names") a polynomial indeterminate: the polynomial x.
  value evaluate_node(const parser::name_reference& name, const expression& e) {
    if (const auto found = variables_.find(name.name); found != variables_.end()) {
      return found->second;
    }
    if (const function_entry* f = find_function(name.name)) {
      throw evaluation_error(error_kind::usage, e.span,
                             quoted_name(name.name) + " is a function; call it with its arguments.",
                             "Signature: " + f->signature + ".");
    }
    if (find_planned_function(name.name) != nullptr) {
      throw evaluation_error(error_kind::usage, e.span,
                             quoted_name(name.name) +
                                 " is the name of a function, so it cannot be an indeterminate.",
                             "Choose another name for the indeterminate, e.g. x.");
    }
    return value::from_polynomial(
        name.name, cas::polynomial::monomial(cas::ordinal(cas::nimber(1)), 1, context_));
  }

  value evaluate_node(const parser::result_reference& reference, const expression& e) {
    if (results_.empty()) {
      throw evaluation_error(error_kind::usage, e.span,
                             "There are no results yet: `%` and `%n` refer to the values of "
                             "earlier expression statements.");
    }
    if (!reference.index) return results_.back();
    const std::size_t n = *reference.index;
    if (n == 0 || n > results_.size()) {
      throw evaluation_error(error_kind::usage, e.span,
                             "There is no result %" + std::to_string(n) + ".",
                             "The results so far are %1 to %" + std::to_string(results_.size()) +
                                 "; % is the latest.");
    }
    return results_[n - 1];
  }

  value evaluate_node(const parser::list_expression& l, const expression&) {
    list elements;
    elements.reserve(l.elements.size());
    for (const expression& element : l.elements) elements.push_back(evaluate(element));
    return value(std::move(elements));
  }

  // The parser admits an equation only as an argument of solve( ) or roots( ), which
  // evaluate_equation reads; anywhere else it is an error.
  value evaluate_node(const parser::equation&, const expression& e) {
    throw evaluation_error(error_kind::usage, e.span,
                           "An equation `lhs = rhs` is an argument of solve( ) or roots( ) only.",
                           "To compare two values, write ==.");
  }

  // `lhs = rhs` as an argument of solve( ) or roots( ): the polynomial lhs − rhs (= lhs + rhs in
  // characteristic 2), whose roots are the solutions. Sides that differ by a constant are an
  // error here, where the equation is still known as one.
  value evaluate_equation(const parser::equation& equation, const expression& e) {
    const value left = evaluate(*equation.left);
    const value right = evaluate(*equation.right);
    for (const auto* side : {&left, &right}) {
      if (side->is_nimber() || side->is_polynomial()) continue;
      const expression& where = side == &left ? *equation.left : *equation.right;
      throw evaluation_error(error_kind::math, where.span,
                             "The sides of an equation are nimbers or polynomials, not " +
                                 std::string(kind_name(*side)) + ".");
    }
    value difference = left.is_nimber() && right.is_nimber()
                           ? value(cas::nim_add(left.as_nimber(), right.as_nimber(), context_))
                           : polynomial_arithmetic(binary_operator::nim_sum, "=", *equation.left,
                                                   *equation.right, e, left, right);
    if (difference.is_nimber()) {
      if (difference.as_nimber().is_zero()) {
        throw evaluation_error(error_kind::math, e.span,
                               "Both sides of the equation are equal, so every nimber solves it.");
      }
      throw evaluation_error(error_kind::math, e.span,
                             "The sides of the equation differ by the constant " +
                                 to_text(difference, options_) + ", so no nimber solves it.");
    }
    return difference;
  }

  // -------------------------------------------------------------------------------------------
  // Prefix operators and brackets: identities on nimbers

  value evaluate_node(const parser::unary_operation& u, const expression&) {
    value operand = evaluate(*u.operand);
    require_nimber_or_polynomial(operand, *u.operand,
                                 u.op == parser::unary_operator::minus ? "-" : "+");
    return operand;  // -f = f in characteristic 2
  }

  value evaluate_node(const parser::star_decoration& s, const expression&) {
    value operand = evaluate(*s.operand);
    require_nimber(operand, *s.operand, "*");
    return operand;
  }

  value evaluate_node(const parser::bracket_expression& b, const expression&) {
    value inner = evaluate(*b.inner);
    if (!inner.is_nimber()) {
      throw evaluation_error(error_kind::math, b.inner->span,
                             "Brackets [ … ] hold ordinal arithmetic on nimbers, not " +
                                 std::string(kind_name(inner)) + ".");
    }
    return inner;
  }

  // -------------------------------------------------------------------------------------------
  // Binary operators

  value evaluate_node(const binary_operation& b, const expression& e) {
    if (!is_left_associative(b.op)) return evaluate_power(b, e);
    // A left-associative chain a + b + c + … is as deep as it is long (the parser allows 10 000
    // operators), so walk down its left spine here instead of recursing into it.
    std::vector<const expression*> spine{&e};
    const expression* leftmost = &*b.left;
    while (const auto* next = std::get_if<binary_operation>(&leftmost->node)) {
      if (!is_left_associative(next->op)) break;
      spine.push_back(leftmost);
      leftmost = &*next->left;
    }
    value accumulated = evaluate(*leftmost);
    for (auto it = spine.rbegin(); it != spine.rend(); ++it) {
      const auto& operation = std::get<binary_operation>((*it)->node);
      value right = evaluate(*operation.right);
      accumulated = apply(operation, **it, accumulated, right);
    }
    return accumulated;
  }

  value apply(const binary_operation& b, const expression& whole, const value& left,
              const value& right) {
    const std::string symbol(parser::spelling(b.symbol));
    switch (b.op) {
      case binary_operator::equal:
        return value::boolean(left == right);
      case binary_operator::not_equal:
        return value::boolean(!(left == right));
      case binary_operator::less:
      case binary_operator::less_equal:
      case binary_operator::greater:
      case binary_operator::greater_equal: {
        require_comparable(left, *b.left, symbol);
        require_comparable(right, *b.right, symbol);
        const auto order = left.as_nimber() <=> right.as_nimber();
        switch (b.op) {
          case binary_operator::less:
            return value::boolean(order < 0);
          case binary_operator::less_equal:
            return value::boolean(order <= 0);
          case binary_operator::greater:
            return value::boolean(order > 0);
          default:
            return value::boolean(order >= 0);
        }
      }
      default:
        break;
    }
    if (left.is_polynomial() || right.is_polynomial()) {
      return polynomial_arithmetic(b.op, symbol, *b.left, *b.right, whole, left, right);
    }
    if (b.op == binary_operator::nim_sum || b.op == binary_operator::nim_product ||
        b.op == binary_operator::nim_division) {
      require_nimber_or_polynomial(left, *b.left, symbol);
      require_nimber_or_polynomial(right, *b.right, symbol);
    }
    require_nimber(left, *b.left, symbol);
    require_nimber(right, *b.right, symbol);
    const cas::ordinal& x = left.as_nimber();
    const cas::ordinal& y = right.as_nimber();
    return at_span(whole.span, [&]() -> value {
      switch (b.op) {
        case binary_operator::nim_sum:
          return cas::nim_add(x, y, context_);
        case binary_operator::nim_product:
          return cas::nim_mul(x, y, context_);
        case binary_operator::nim_division:
          if (y.is_zero()) {
            throw evaluation_error(error_kind::math, b.right->span, "Nim division by zero.",
                                   "Every nimber except 0 has an inverse.");
          }
          return cas::nim_div(x, y, context_);
        case binary_operator::cantor_sum:
          return cas::ordinal_add(x, y, context_);
        case binary_operator::cantor_product:
          return cas::ordinal_mul(x, y, context_);
        default:
          return cas::ordinal_pow(x, y, context_);  // cantor_power
      }
    });
  }

  // `a ^ e` (and `**`): nim power outside brackets, ordinal power inside.
  value evaluate_power(const binary_operation& b, const expression& whole) {
    value base = evaluate(*b.left);
    const std::string symbol(parser::spelling(b.symbol));
    if (b.op == binary_operator::cantor_power) {
      value exponent = evaluate(*b.right);
      require_not_polynomial_in_brackets(base, *b.left);
      require_not_polynomial_in_brackets(exponent, *b.right);
      require_nimber(base, *b.left, symbol);
      require_nimber(exponent, *b.right, symbol);
      return apply(b, whole, base, exponent);
    }
    require_nimber_or_polynomial(base, *b.left, symbol);
    // A `-` directly after `^` negates the exponent (ω^-1 is the inverse); `ω^(-1)` has the `-`
    // inside parentheses, which widen its span, and there `-` is the identity as everywhere.
    const expression* exponent_expression = &*b.right;
    bool negated = false;
    if (const auto* u = std::get_if<parser::unary_operation>(&b.right->node)) {
      if (u->op == parser::unary_operator::minus && b.right->span.end == u->operand->span.end) {
        negated = true;
        exponent_expression = &*u->operand;
      }
    }
    value exponent = evaluate(*exponent_expression);
    if (exponent.is_polynomial()) {
      throw evaluation_error(error_kind::math, exponent_expression->span,
                             "The exponent of the nim power " + symbol +
                                 " must be a finite nimber, not a polynomial.");
    }
    require_nimber(exponent, *exponent_expression, symbol);
    if (!exponent.as_nimber().is_finite()) {
      throw evaluation_error(error_kind::math, b.right->span,
                             "The exponent of the nim power " + symbol +
                                 " must be a finite nimber; this one is transfinite.",
                             "For the ordinal power, use brackets: " + bracketed_form(whole) + ".");
    }
    cas::integer e = exponent.as_nimber().finite_part().to_integer();
    if (base.is_polynomial()) {
      if (negated && e != 0) {
        throw evaluation_error(error_kind::math, b.right->span,
                               "A polynomial has no negative powers: its inverse is not a "
                               "polynomial.",
                               "Only nonzero nimbers have inverses; to divide, write f / g, "
                               "which must be exact.");
      }
      const polynomial_value& f = base.as_polynomial();
      return at_span(whole.span, [&] {
        return value::from_polynomial(f.indeterminate, cas::poly_pow(f.p, e, context_));
      });
    }
    if (negated) e = -e;
    return at_span(whole.span, [&]() -> value {
      if (negated && base.as_nimber().is_zero() && e != 0) {
        throw evaluation_error(error_kind::math, b.left->span,
                               "0 has no inverse, so it has no negative powers.");
      }
      return cas::nim_pow(base.as_nimber(), e, context_);
    });
  }

  // -------------------------------------------------------------------------------------------
  // Polynomials: nim sum, product and exact division, a nimber taking part as a constant

  // At least one of left and right is a polynomial.
  value polynomial_arithmetic(binary_operator op, const std::string& symbol,
                              const expression& left_expression,
                              const expression& right_expression, const expression& whole,
                              const value& left, const value& right) {
    assert(left.is_polynomial() || right.is_polynomial());
    if (op == binary_operator::cantor_sum || op == binary_operator::cantor_product ||
        op == binary_operator::cantor_power) {
      require_not_polynomial_in_brackets(left, left_expression);
      require_not_polynomial_in_brackets(right, right_expression);
    }
    assert(op == binary_operator::nim_sum || op == binary_operator::nim_product ||
           op == binary_operator::nim_division);
    require_nimber_or_polynomial(left, left_expression, symbol);
    require_nimber_or_polynomial(right, right_expression, symbol);
    const std::string indeterminate = left.is_polynomial() ? left.as_polynomial().indeterminate
                                                           : right.as_polynomial().indeterminate;
    if (left.is_polynomial() && right.is_polynomial() &&
        right.as_polynomial().indeterminate != indeterminate) {
      throw evaluation_error(error_kind::math, right_expression.span,
                             two_indeterminates_message(indeterminate,
                                                        right.as_polynomial().indeterminate),
                             "Assign " + right.as_polynomial().indeterminate +
                                 " a value first if it stands for a nimber.");
    }
    const cas::polynomial f = as_cas_polynomial(left);
    const cas::polynomial g = as_cas_polynomial(right);
    return at_span(whole.span, [&]() -> value {
      switch (op) {
        case binary_operator::nim_sum:
          return value::from_polynomial(indeterminate, cas::poly_add(f, g, context_));
        case binary_operator::nim_product:
          return value::from_polynomial(indeterminate, cas::poly_mul(f, g, context_));
        default:
          return divide_exactly(indeterminate, f, g, right_expression, whole);
      }
    });
  }

  // f / g: by a nimber always (unless 0); by a polynomial only when it divides f.
  value divide_exactly(const std::string& indeterminate, const cas::polynomial& f,
                       const cas::polynomial& g, const expression& divisor,
                       const expression& whole) {
    if (g.is_zero()) {
      throw evaluation_error(error_kind::math, divisor.span, "Nim division by zero.",
                             "Every nimber except 0 has an inverse.");
    }
    if (g.is_constant()) {
      return value::from_polynomial(
          indeterminate, cas::poly_scale(f, cas::nim_inv(g.leading(), context_), context_));
    }
    cas::polynomial_division division = cas::poly_divmod(f, g, context_);
    if (!division.remainder.is_zero()) {
      throw evaluation_error(
          error_kind::math, whole.span,
          "The polynomial division is not exact: the remainder is " +
              to_text(value::from_polynomial(indeterminate, std::move(division.remainder)),
                      options_) +
              ".",
          "quo(f, g) and rem(f, g) give the quotient and the remainder.");
    }
    return value::from_polynomial(indeterminate, std::move(division.quotient));
  }

  static cas::polynomial as_cas_polynomial(const value& v) {
    return v.is_polynomial() ? v.as_polynomial().p : cas::polynomial::constant(v.as_nimber());
  }

  // -------------------------------------------------------------------------------------------
  // Calls

  value evaluate_node(const parser::function_call& call, const expression& e) {
    const function_entry* f = find_function(call.name);
    if (f == nullptr) {
      const auto variable = variables_.find(call.name);
      if (variable != variables_.end() && variable->second.is_polynomial()) {
        return evaluate_polynomial_at(call, e, variable->second.as_polynomial());
      }
      unknown_function(call);
    }
    const std::size_t count = call.arguments.size();
    if (count < f->minimum_arity || count > f->maximum_arity) {
      throw evaluation_error(
          error_kind::usage, e.span,
          quoted_name(f->name) + " takes " + arity_text(*f) + ": " + f->signature + ".",
          "Example: " + f->example.input + " gives " + f->example.output + ".");
    }
    std::vector<value> arguments;
    arguments.reserve(count);
    for (const expression& argument : call.arguments) {
      const auto* equation = std::get_if<parser::equation>(&argument.node);
      arguments.push_back(equation != nullptr && (f->name == "solve" || f->name == "roots")
                              ? evaluate_equation(*equation, argument)
                              : evaluate(argument));
    }
    return at_span(e.span, [&] {
      context_.poll();
      try {
        return f->implementation(function_arguments(*f, arguments, context_));
      } catch (const argument_error& error) {
        const std::size_t i = std::min(error.index(), count == 0 ? 0 : count - 1);
        const source_span span = count == 0 ? e.span : call.arguments[i].span;
        throw evaluation_error(error.kind(), span, error.what(), error.hint());
      }
    });
  }

  // `f(a)` for a variable f holding a polynomial: f at the nimber a, or the composition f(g)
  // at a polynomial g, which is a polynomial in g's indeterminate (so f(y) renames x to y).
  value evaluate_polynomial_at(const parser::function_call& call, const expression& e,
                               const polynomial_value& f) {
    if (call.arguments.size() != 1) {
      throw evaluation_error(error_kind::usage, e.span,
                             quoted_name(call.name) +
                                 " is a polynomial; it is evaluated at one point: " + call.name +
                                 "(a).",
                             "At a polynomial g, " + call.name + "(g) is the composition.");
    }
    const expression& argument = call.arguments.front();
    const value at = evaluate(argument);
    if (at.is_nimber()) {
      return at_span(e.span,
                     [&] { return value(cas::poly_evaluate(f.p, at.as_nimber(), context_)); });
    }
    if (at.is_polynomial()) {
      const polynomial_value& g = at.as_polynomial();
      return at_span(e.span, [&] {
        return value::from_polynomial(g.indeterminate, cas::poly_compose(f.p, g.p, context_));
      });
    }
    throw evaluation_error(error_kind::math, argument.span,
                           "A polynomial is evaluated at a nimber or a polynomial, not at " +
                               std::string(kind_name(at)) + ".");
  }

  [[noreturn]] void unknown_function(const parser::function_call& call) {
    if (const auto variable = variables_.find(call.name); variable != variables_.end()) {
      throw evaluation_error(error_kind::usage, call.name_span,
                             quoted_name(call.name) + " is a variable, not a function.",
                             "Only a variable holding a polynomial can be called: f(a) evaluates "
                             "f at a. " +
                                 quoted_name(call.name) + " holds " +
                                 std::string(kind_name(variable->second)) + ".");
    }
    if (const planned_function* planned = find_planned_function(call.name)) {
      throw evaluation_error(error_kind::usage, call.name_span,
                             quoted_name(call.name) + " needs " + planned->waits_for + ".");
    }
    const auto suggestion = nearest_name(call.name, function_names());
    throw evaluation_error(error_kind::usage, call.name_span,
                           "There is no function " + quoted_name(call.name) + ".",
                           suggestion ? "Did you mean " + quoted_name(*suggestion) + "?"
                                      : "`:help` lists the functions.");
  }

  // -------------------------------------------------------------------------------------------
  // Checks and hints

  void require_nimber(const value& v, const expression& where, const std::string& symbol) {
    if (v.is_nimber()) return;
    throw evaluation_error(
        error_kind::math, where.span,
        "`" + symbol + "` applies to nimbers, not to " + std::string(kind_name(v)) + ".");
  }

  // + - ⊕ * ⊗ / ^ and the unary - + apply to polynomials too.
  void require_nimber_or_polynomial(const value& v, const expression& where,
                                    const std::string& symbol) {
    if (v.is_nimber() || v.is_polynomial()) return;
    throw evaluation_error(error_kind::math, where.span,
                           "`" + symbol + "` applies to nimbers and polynomials, not to " +
                               std::string(kind_name(v)) + ".");
  }

  void require_not_polynomial_in_brackets(const value& v, const expression& where) {
    if (!v.is_polynomial()) return;
    throw evaluation_error(error_kind::math, where.span,
                           "Brackets [ … ] hold ordinal arithmetic on nimbers, not a polynomial.",
                           "Polynomials take nim arithmetic only, outside brackets.");
  }

  void require_comparable(const value& v, const expression& where, const std::string& symbol) {
    if (v.is_nimber()) return;
    throw evaluation_error(error_kind::math, where.span,
                           "`" + symbol + "` compares nimbers (in Cantor order), not " +
                               std::string(kind_name(v)) + ".",
                           "== and != compare values of any kind.");
  }

  // The input in brackets, `[ω^ω]`, when it is short and on one line (as the parser's hint for
  // `·` outside brackets); otherwise a generic example.
  std::string bracketed_form(const expression& e) const {
    if (e.span.end <= text_.size() && e.span.begin < e.span.end) {
      const std::string_view written = text_.substr(e.span.begin, e.span.end - e.span.begin);
      if (written.size() <= 40 && written.find('\n') == std::string_view::npos) {
        return "[" + std::string(written) + "]";
      }
    }
    return "[ω^ω]";
  }

  cas::context& context_;
  const std::map<std::string, value, std::less<>>& variables_;
  const std::vector<value>& results_;
  std::string_view text_;
  const print_options& options_;
};

}  // namespace

session::session(cas::context& ctx) : context_(ctx) {}

void session::reset() {
  variables_.clear();
  results_.clear();
}

std::optional<std::string> session::evaluate(const parser::statement& s,
                                             std::string_view source_text) {
  expression_evaluator evaluator(context_, variables_, results_, source_text, options_);
  return at_span(s.span, [&]() -> std::optional<std::string> {
    context_.poll();
    if (const auto* a = std::get_if<parser::assignment>(&s.content)) {
      if (is_function_name(a->name)) {
        throw evaluation_error(error_kind::usage, a->name_span,
                               quoted_name(a->name) + " is a function name; it cannot be assigned.",
                               "Choose another name for the variable, e.g. " + a->name + "1.");
      }
      value v = evaluator.evaluate(a->value);
      variables_.insert_or_assign(a->name, std::move(v));
      return std::nullopt;
    }
    value v = evaluator.evaluate(std::get<expression>(s.content));
    std::string text = s.ends_with_semicolon ? std::string() : to_text(v, options_);
    results_.push_back(std::move(v));
    if (s.ends_with_semicolon) return std::nullopt;
    return text;
  });
}

namespace {

// RFC 8259 §7; bytes that are not UTF-8 (a file name, say) become U+FFFD, so that the output is
// valid JSON whatever the input was.
std::string json_string(std::string_view text) {
  std::string out = "\"";
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const std::size_t length = parser::utf8_sequence_length(text, i);
    if (length == 0) {
      out += "\\ufffd";
      ++i;
      continue;
    }
    if (length > 1) {
      out.append(text, i, length);
      i += length;
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
          out += escaped;
        } else {
          out += c;
        }
    }
    ++i;
  }
  return out + "\"";
}

}  // namespace

std::string to_json(const output_line& line) {
  if (line.where == output_line::stream::result) {
    return "{\"type\": " + json_string(line.type) + ", \"ascii\": " + json_string(line.ascii) +
           ", \"unicode\": " + json_string(line.unicode) + "}";
  }
  return "{\"error\": " + json_string(line.message) + ", \"source\": " + json_string(line.source) +
         ", \"line\": " + std::to_string(line.line) + ", \"column\": " + std::to_string(line.column) +
         "}";
}

run_report session::run_text(std::string_view text, std::string source_name, bool keep_going,
                             std::size_t first_line) {
  run_report report;
  const auto record_error = [&](const parser::diagnostic& d, error_kind kind) {
    output_line line;
    line.where = output_line::stream::diagnostic;
    line.text = parser::render_diagnostic(d, text, source_name, first_line);
    line.message = d.message;
    line.source = source_name;
    line.line = d.span.line;
    line.column = d.span.column;
    report.lines.push_back(std::move(line));
    if (report.error_count++ == 0) report.exit_code = exit_code(kind);
  };

  parser::parse_result parsed;
  parsed_bytes_ += text.size();
  try {
    parsed = parser::parse_program(text, source_name, parse_limits_, first_line);
  } catch (const cas::error& e) {
    record_error(parser::diagnostic{{0, 0, first_line, 1}, e.what(), {}}, kind_of(e));
    return report;
  }

  // Statements and parse diagnostics, merged back into the order of the text.
  std::size_t next_statement = 0;
  std::size_t next_diagnostic = 0;
  while (next_statement < parsed.statements.size() || next_diagnostic < parsed.diagnostics.size()) {
    const bool take_diagnostic = next_diagnostic < parsed.diagnostics.size() &&
                                 (next_statement == parsed.statements.size() ||
                                  parsed.diagnostics[next_diagnostic].span.begin <
                                      parsed.statements[next_statement].span.begin);
    if (take_diagnostic) {
      record_error(parsed.diagnostics[next_diagnostic++], error_kind::parse);
    } else {
      try {
        if (auto printed = evaluate(parsed.statements[next_statement++], text)) {
          output_line line;
          line.text = std::move(*printed);
          const value& v = results_.back();
          line.type = type_name(v);
          line.ascii = to_text(v, {cas::notation::ascii, options_.numeral});
          line.unicode = to_text(v, {cas::notation::unicode, options_.numeral});
          report.lines.push_back(std::move(line));
        }
      } catch (const evaluation_error& e) {
        record_error(e.to_diagnostic(), e.kind());
        // A Ctrl-C ends the statement it interrupts and no more: with keep_going the statements
        // after it run.
        context_.cancellation().reset();
      }
    }
    if (report.error_count > 0 && !keep_going) break;
  }
  return report;
}

}  // namespace on2
