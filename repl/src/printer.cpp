#include "printer.hpp"

#include <cstddef>

namespace on2 {
namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

// Appends rather than returns, so that nested lists are not copied once per level.
void append_text(std::string& out, const value& v, const print_options& options) {
  if (v.is_nimber()) {
    out += cas::to_string(v.as_nimber(), options.notation, options.numeral);
  } else if (v.is_list()) {
    out += '{';
    const list& elements = v.as_list();
    for (std::size_t i = 0; i < elements.size(); ++i) {
      if (i != 0) out += ", ";
      append_text(out, elements[i], options);
    }
    out += '}';
  } else if (v.is_boolean()) {
    out += v.as_boolean() ? "true" : "false";
  } else {
    out += quoted(v.as_string());
  }
}

}  // namespace

std::string to_text(const value& v, const print_options& options) {
  std::string out;
  append_text(out, v, options);
  return out;
}

}  // namespace on2
