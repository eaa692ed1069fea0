// spelling() and the fully parenthesised debug rendering of syntax trees.

#include <string>
#include <type_traits>
#include <variant>

#include "parser/syntax_tree.hpp"

namespace on2::parser {

std::string_view spelling(operator_symbol symbol) {
  switch (symbol) {
    case operator_symbol::plus:
      return "+";
    case operator_symbol::minus:
      return "-";
    case operator_symbol::circled_plus:
      return "\u2295";
    case operator_symbol::star:
      return "*";
    case operator_symbol::circled_times:
      return "\u2297";
    case operator_symbol::slash:
      return "/";
    case operator_symbol::caret:
      return "^";
    case operator_symbol::double_star:
      return "**";
    case operator_symbol::middle_dot:
      return "\u00b7";
    case operator_symbol::times_sign:
      return "\u00d7";
    case operator_symbol::equal:
      return "==";
    case operator_symbol::not_equal:
      return "!=";
    case operator_symbol::less:
      return "<";
    case operator_symbol::less_equal:
      return "<=";
    case operator_symbol::greater:
      return ">";
    case operator_symbol::greater_equal:
      return ">=";
    case operator_symbol::word_and:
      return "and";
    case operator_symbol::word_or:
      return "or";
    case operator_symbol::word_not:
      return "not";
  }
  return "?";
}

namespace {

void print(const expression& e, std::string& out);

void print_all(const std::vector<expression>& items, std::string& out) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i != 0) out += ", ";
    print(items[i], out);
  }
}

// Recursion is bounded by parse_limits::max_tree_height for parsed trees.
void print(const expression& e, std::string& out) {
  std::visit(
      [&out](const auto& node) {
        using type = std::decay_t<decltype(node)>;
        if constexpr (std::is_same_v<type, natural_literal>) {
          if (node.base == numeral_base::hexadecimal) out += "0x";
          if (node.base == numeral_base::binary) out += "0b";
          out += node.digits;
        } else if constexpr (std::is_same_v<type, omega_literal>) {
          out += node.spelling == omega_spelling::symbol     ? "\u03c9"
                 : node.spelling == omega_spelling::letter_w ? "w"
                                                             : "omega";
        } else if constexpr (std::is_same_v<type, boolean_literal>) {
          out += node.value ? "true" : "false";
        } else if constexpr (std::is_same_v<type, string_literal>) {
          out += '"';
          for (char c : node.value) {
            if (c == '"' || c == '\\') out += '\\';
            out += c;
          }
          out += '"';
        } else if constexpr (std::is_same_v<type, name_reference>) {
          out += node.name;
        } else if constexpr (std::is_same_v<type, result_reference>) {
          out += '%';
          if (node.index) out += std::to_string(*node.index);
        } else if constexpr (std::is_same_v<type, binary_operation>) {
          out += '(';
          print(*node.left, out);
          out += ' ';
          out += spelling(node.symbol);
          out += ' ';
          print(*node.right, out);
          out += ')';
        } else if constexpr (std::is_same_v<type, unary_operation>) {
          out += node.op == unary_operator::minus  ? "(-"
                 : node.op == unary_operator::plus ? "(+"
                                                   : "(not ";
          print(*node.operand, out);
          out += ')';
        } else if constexpr (std::is_same_v<type, star_decoration>) {
          out += "(*";
          print(*node.operand, out);
          out += ')';
        } else if constexpr (std::is_same_v<type, bracket_expression>) {
          out += '[';
          print(*node.inner, out);
          out += ']';
        } else if constexpr (std::is_same_v<type, list_expression>) {
          out += '{';
          print_all(node.elements, out);
          out += '}';
        } else if constexpr (std::is_same_v<type, equation>) {
          out += '(';
          print(*node.left, out);
          out += " = ";
          print(*node.right, out);
          out += ')';
        } else if constexpr (std::is_same_v<type, function_call>) {
          out += node.name;
          out += '(';
          print_all(node.arguments, out);
          out += ')';
        } else if constexpr (std::is_same_v<type, range_expression>) {
          out += '(';
          print(*node.first, out);
          out += "..";
          print(*node.last, out);
          out += ')';
        } else if constexpr (std::is_same_v<type, index_expression>) {
          print(*node.list, out);
          out += '[';
          print(*node.index, out);
          out += ']';
        } else if constexpr (std::is_same_v<type, comprehension>) {
          out += '{';
          print(*node.element, out);
          out += " for ";
          out += node.variable;
          out += " in ";
          print(*node.source, out);
          if (node.condition) {
            out += " if ";
            print(**node.condition, out);
          }
          out += '}';
        }
      },
      e.node);
}

}  // namespace

std::string to_debug_string(const expression& e) {
  std::string out;
  print(e, out);
  return out;
}

namespace {

void print_body(const std::vector<statement>& body, std::string& out) {
  for (const statement& s : body) {
    out += ' ';
    out += to_debug_string(s);
    if (!s.ends_with_semicolon) out += ';';
  }
}

}  // namespace

// Blocks print on one line: `if c then s1; s2; else s3; end`.
std::string to_debug_string(const statement& s) {
  std::string out;
  if (const auto* a = std::get_if<assignment>(&s.content)) {
    out = a->name;
    for (const expression& index : a->indices) {
      out += '[';
      out += to_debug_string(index);
      out += ']';
    }
    out += " = ";
    out += to_debug_string(a->value);
  } else if (const auto* e = std::get_if<expression>(&s.content)) {
    out = to_debug_string(*e);
  } else if (const auto* i = std::get_if<if_statement>(&s.content)) {
    for (std::size_t k = 0; k < i->branches.size(); ++k) {
      out += k == 0 ? "if " : " elif ";
      out += to_debug_string(i->branches[k].condition);
      out += " then";
      print_body(i->branches[k].body, out);
    }
    if (!i->otherwise.empty()) {
      out += " else";
      print_body(i->otherwise, out);
    }
    out += " end";
  } else if (const auto* f = std::get_if<for_statement>(&s.content)) {
    out = "for ";
    out += f->variable;
    out += " in ";
    out += to_debug_string(f->source);
    out += " do";
    print_body(f->body, out);
    out += " end";
  } else if (const auto* w = std::get_if<while_statement>(&s.content)) {
    out = "while ";
    out += to_debug_string(w->condition);
    out += " do";
    print_body(w->body, out);
    out += " end";
  } else if (const auto* r = std::get_if<return_statement>(&s.content)) {
    out = "return";
    if (r->value) {
      out += ' ';
      out += to_debug_string(*r->value);
    }
  } else if (const auto* d = std::get_if<function_definition>(&s.content)) {
    out = "def ";
    out += d->name;
    out += '(';
    for (std::size_t k = 0; k < d->parameters.size(); ++k) {
      if (k > 0) out += ", ";
      out += d->parameters[k];
    }
    out += ')';
    print_body(d->body, out);
    out += " end";
  } else {
    out = std::get<loop_jump>(s.content).is_break ? "break" : "continue";
  }
  if (s.ends_with_semicolon) out += ';';
  return out;
}

}  // namespace on2::parser
