#include "evaluation_error.hpp"

#include <utility>

namespace on2 {

int exit_code(error_kind kind) noexcept {
  switch (kind) {
    case error_kind::math:
    case error_kind::type:
      return 1;
    case error_kind::parse:
      return 2;
    case error_kind::limit:
    case error_kind::interrupted:
      return 3;
    case error_kind::usage:
      return 4;
  }
  return 4;
}

const char* error_kind_name(error_kind kind) noexcept {
  switch (kind) {
    case error_kind::math:
      return "math";
    case error_kind::type:
      return "type";
    case error_kind::parse:
      return "parse";
    case error_kind::limit:
      return "limit";
    case error_kind::interrupted:
      return "interrupted";
    case error_kind::usage:
      return "usage";
  }
  return "usage";
}

evaluation_error::evaluation_error(error_kind kind, parser::source_span span, std::string message,
                                   std::string hint)
    : cas::error(std::move(message)), kind_(kind), span_(span), hint_(std::move(hint)) {}

parser::diagnostic evaluation_error::to_diagnostic() const {
  return parser::diagnostic{span_, what(), hint_};
}

}  // namespace on2
