#pragma once
// Runs the line-by-line session over a test's reader and captures what it prints.
#include <functional>
#include <sstream>
#include <string>

#include "evaluator.hpp"
#include "line_session.hpp"

namespace on2_test {

struct run_result {
  int exit_code;
  std::string out, err;
};

template <class Reader>
run_result run_captured(on2::session& language, Reader& reader, on2::line_options options) {
  std::ostringstream out, err;
  const int code = on2::run_lines(language, std::ref(reader), out, err, options);
  return {code, out.str(), err.str()};
}

}  // namespace on2_test
