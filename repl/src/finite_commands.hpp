#pragma once
// The commands of the interim on2 calculator over the finite nimber core: one registry (name,
// operands, summary, example) that drives evaluation and --help. The language issue replaces
// this front end with the parser and the REPL proper.

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cas/context.hpp"

namespace on2 {

// A malformed number or a wrong number of operands (exit code 2 or 4).
class input_error : public std::runtime_error {
 public:
  enum class kind { parse, usage };
  input_error(kind k, const std::string& message) : std::runtime_error(message), kind_(k) {}
  kind which() const { return kind_; }

 private:
  kind kind_;
};

struct command {
  std::string name;
  std::string operands;  // e.g. "A B"
  std::size_t arity;
  std::string summary;
  std::string example;   // an invocation and its output
  std::function<std::string(const std::vector<std::string>&, const cas::context&)> run;
};

const std::vector<command>& command_registry();

// Runs one command line (already split into words); returns what it prints.
std::string run_command(const std::vector<std::string>& words, const cas::context& ctx);

std::string help_text();

}  // namespace on2
