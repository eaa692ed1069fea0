#include "evaluator.hpp"

#include <gmp.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <new>
#include <unordered_set>
#include <utility>

#include "ascii_text.hpp"
#include "cas/core/error.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "function_registry.hpp"
#include "language_limits.hpp"
#include "name_suggestion.hpp"
#include "parser/diagnostic.hpp"
#include "parser/printable_text.hpp"
#include "word_expression.hpp"

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
  if (dynamic_cast<const cas::interrupted_error*>(&e) != nullptr) return error_kind::interrupted;
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

// Names in loops are short: compared inline, without a call to memcmp.
bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
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

// Asked for every assignment, loops included: a hash set, not a walk of the registry.
bool is_function_name(std::string_view name) {
  static const std::unordered_set<std::string_view> names = [] {
    std::unordered_set<std::string_view> all;
    for (const function_entry& f : function_registry()) all.insert(f.name);
    for (const planned_function& p : planned_functions()) all.insert(p.name);
    return all;
  }();
  return names.contains(name);
}

// Evaluates one top-level statement and lives no longer: its tables of places and calls
// (known_places_, known_calls_) key on syntax-tree nodes, whose addresses a later statement's
// tree may reuse.
class expression_evaluator {
 public:
  expression_evaluator(
      cas::context& ctx, std::map<std::string, value, std::less<>>& variables,
      const result_history& results, std::string_view text, const print_options& options,
      std::map<std::string, std::shared_ptr<const user_function>, std::less<>>& functions,
      const std::string& source_name, std::function<void(std::string)> print_line,
      const std::map<std::string, std::string, std::less<>>& failed_assignments)
      : context_(ctx),
        variables_(variables),
        results_(results),
        text_(text),
        options_(options),
        functions_(functions),
        current_source_(&source_name),
        print_line_(std::move(print_line)),
        failed_assignments_(failed_assignments),
        // Where the evaluation's stack use starts (GCC and Clang have the builtin).
        stack_top_(static_cast<const char*>(__builtin_frame_address(0))) {
    words_allowed_ = ctx.limits().max_nimber_bits >= 64;
  }

  value evaluate(const expression& e) {
    return std::visit([&](const auto& node) { return evaluate_node(node, e); }, e.node);
  }

  // -------------------------------------------------------------------------------------------
  // Statements inside blocks (docs/spec/language.md "Programs"). A loop's variable is local to
  // the loop; other assignments write the session's variables. Expression statements inside a
  // block print nothing.

  enum class flow { next, break_loop, continue_loop, returned };

  flow execute(const parser::statement& s) {
    context_.poll();
    if (const auto* a = std::get_if<parser::assignment>(&s.content)) {
      assign(*a);
      return flow::next;
    }
    if (const auto* e = std::get_if<expression>(&s.content)) {
      evaluate_statement_expression(*e);
      return flow::next;
    }
    if (const auto* r = std::get_if<parser::return_statement>(&s.content)) {
      if (!r->value) {
        return_value_.reset();
      } else if (value* local = frame_local(*r->value)) {
        return_value_ = std::move(*local);  // the return ends the frame, and the local with it
      } else {
        return_value_ = evaluate(*r->value);
      }
      return flow::returned;
    }
    if (const auto* d = std::get_if<parser::function_definition>(&s.content)) {
      throw evaluation_error(error_kind::usage, d->name_span,
                             "A function is defined at the top level only.",
                             "Define it before the block or function that uses it.");
    }
    if (const auto* i = std::get_if<parser::if_statement>(&s.content)) {
      for (const parser::conditional_branch& branch : i->branches) {
        if (condition_holds(branch.condition, "if")) return execute_body(branch.body);
      }
      return execute_body(i->otherwise);
    }
    if (const auto* w = std::get_if<parser::while_statement>(&s.content)) {
      while (condition_holds(w->condition, "while")) {
        context_.poll();  // Ctrl-C stops even `while true do end`
        const flow f = execute_body(w->body);
        if (f == flow::break_loop) break;
        if (f == flow::returned) return f;
      }
      return flow::next;
    }
    if (const auto* f = std::get_if<parser::for_statement>(&s.content)) return run_for(*f);
    return std::get<parser::loop_jump>(s.content).is_break ? flow::break_loop : flow::continue_loop;
  }

  // `name = v` or `name[i] = v`: a local when one has the name; inside a function a new local,
  // outside one a session variable (a function reads the session's variables, never writes them).
  void assign(const parser::assignment& a) {
    // Where the value goes, found before the value is evaluated (a new name that is a
    // function's is an error first) and remembered for the next time this statement runs.
    known_place& known = place_entry(&a);
    value* place =
        known.node == &a && known.generation == places_generation_ ? known.place : nullptr;
    if (place == nullptr) {
      place = find_assignment_place(a.name);
      if (place != nullptr) {
        known = {&a, places_generation_, place};
      } else if (is_function_name(a.name) || functions_.contains(a.name)) {
        // A variable's name is never a function's, so only a new name needs the check.
        throw evaluation_error(error_kind::usage, a.name_span,
                               quoted_name(a.name) + " is a function name; it cannot be assigned.",
                               "Choose another name for the variable, e.g. " + a.name + "1.");
      }
    }
    const std::uint64_t generation = places_generation_;
    value v;
    std::uint64_t word = 0;
    if (a.indices.empty() && evaluate_word(a.value, word)) {
      // evaluate_word calls nothing, so the place is where it was.
      if (place != nullptr) {
        place->assign_word(word);
        return;
      }
      v.assign_word(word);
    } else {
      v = evaluate(a.value);
      if (!a.indices.empty()) v = with_element_replaced(a, std::move(v));
      // A call may have moved the locals, but it leaves the frame's names as they were: the
      // name is found where it was found before.
      if (place != nullptr && places_generation_ != generation) {
        place = find_assignment_place(a.name);
      }
    }
    if (place != nullptr) {
      *place = std::move(v);
    } else if (call_depth_ > 0) {
      locals_.emplace_back(a.name, std::move(v));
      forget_places();
    } else {
      variables_.emplace(a.name, std::move(v));
      forget_places();
    }
  }

  // The local of the current call's frame that `e` names, if e is a name and the evaluator is in
  // a call (the loop variables of the top level outlive a statement).
  value* frame_local(const expression& e) {
    const auto* name = std::get_if<parser::name_reference>(&e.node);
    if (name == nullptr || call_depth_ == 0) return nullptr;
    for (std::size_t i = locals_.size(); i-- > frame_base_;) {
      if (same_name(locals_[i].first, name->name)) return &locals_[i].second;
    }
    return nullptr;
  }

  // The value an assignment to `name` replaces: a local of the current frame, or outside
  // functions a session variable; nullptr for a new name.
  value* find_assignment_place(std::string_view name) {
    for (std::size_t i = locals_.size(); i-- > frame_base_;) {
      if (same_name(locals_[i].first, name)) return &locals_[i].second;
    }
    if (call_depth_ > 0) return nullptr;
    const auto global = variables_.find(name);
    return global == variables_.end() ? nullptr : &global->second;
  }

  // An expression statement; a call of a user function that returns nothing gives nothing.
  std::optional<value> evaluate_statement_expression(const expression& e) {
    if (const auto* call = std::get_if<parser::function_call>(&e.node)) {
      if (call->name == "print" || call->name == "write") {
        output(*call, e);
        return std::nullopt;
      }
      if (const auto [builtin, user] = called_function(*call); user != nullptr) {
        return call_user(*user, *call, e);
      }
    }
    return evaluate(e);
  }

  // `f(a, b) = e` and `def f(a, b) … end` at the top level.
  void define(const parser::function_definition& d, const source_origin& origin) {
    if (is_function_name(d.name)) {
      throw evaluation_error(
          error_kind::usage, d.name_span,
          quoted_name(d.name) + " is a built-in function; it cannot be redefined.",
          "Choose another name, e.g. " + d.name + "1.");
    }
    auto f = std::make_shared<user_function>();
    f->definition = d;
    f->origin = origin;
    f->signature = d.name + "(";
    for (std::size_t i = 0; i < d.parameters.size(); ++i) {
      if (i > 0) f->signature += ", ";
      f->signature += d.parameters[i];
    }
    f->signature += ")";
    variables_.erase(d.name);  // the name now calls the function
    functions_.insert_or_assign(d.name, std::move(f));
    forget_places();
    ++functions_generation_;
  }

 private:
  flow execute_body(const std::vector<parser::statement>& body) {
    for (const parser::statement& s : body) {
      const flow f = execute(s);
      if (f != flow::next) return f;
    }
    return flow::next;
  }

  bool condition_holds(const expression& condition, std::string_view keyword) {
    bool holds = false;
    if (compare_words(condition, holds)) return holds;
    const value v = evaluate(condition);
    require_boolean(v, condition,
                    "The condition of `" + std::string(keyword) + "` must be a boolean");
    return v.as_boolean();
  }

  // The loop variable lives in locals_ for the loop's duration. Locals a function's loop body
  // creates come after it and outlive the loop, so the scope removes its own slot only.
  struct local_scope {
    expression_evaluator& self;
    std::size_t slot;
    local_scope(expression_evaluator& evaluator, const std::string& name)
        : self(evaluator), slot(evaluator.locals_.size()) {
      self.locals_.emplace_back(name, value());
      self.forget_places();
    }
    ~local_scope() {
      self.locals_.erase(self.locals_.begin() + static_cast<std::ptrdiff_t>(slot));
      self.forget_places();
    }
    local_scope(const local_scope&) = delete;
    local_scope& operator=(const local_scope&) = delete;
  };

  flow run_for(const parser::for_statement& f) {
    // `for i in a..b`: the naturals one at a time, without the list.
    if (const auto* r = std::get_if<parser::range_expression>(&f.source.node)) {
      const cas::integer first = evaluate_integer(*r->first, "The bound a of a..b");
      const cas::integer last = evaluate_integer(*r->last, "The bound b of a..b");
      if (first < 0) {
        throw evaluation_error(error_kind::math, r->first->span,
                               "a..b ranges over the naturals; a is " + first.str() + ".");
      }
      local_scope scope(*this, f.variable);
      const std::size_t slot = locals_.size() - 1;
      // Machine integers while they suffice: the loop costs no GMP arithmetic per step.
      if (last < cas::integer(std::numeric_limits<std::uint64_t>::max())) {
        const auto end = last.convert_to<std::uint64_t>();
        for (auto i = first.convert_to<std::uint64_t>(); i <= end; ++i) {
          context_.poll();
          locals_[slot].second.assign_word(i);
          const flow next = execute_body(f.body);
          if (next == flow::break_loop) break;
          if (next == flow::returned) return next;
        }
        return flow::next;
      }
      for (cas::integer i = first; i <= last; ++i) {
        context_.poll();
        locals_[slot].second = value(cas::nimber(i, context_));
        const flow next = execute_body(f.body);
        if (next == flow::break_loop) break;
        if (next == flow::returned) return next;
      }
      return flow::next;
    }
    const value source = evaluate(f.source);
    if (!source.is_list()) {
      throw evaluation_error(
          error_kind::type, f.source.span,
          "A for loop runs over a list; this is " + std::string(kind_name(source)) + ".",
          "For the naturals a to b, write: for i in a..b do … end.");
    }
    local_scope scope(*this, f.variable);
    const std::size_t slot = locals_.size() - 1;
    for (const value& element : source.as_list()) {
      context_.poll();
      locals_[slot].second = element;
      const flow next = execute_body(f.body);
      if (next == flow::break_loop) break;
      if (next == flow::returned) return next;
    }
    return flow::next;
  }

  // -------------------------------------------------------------------------------------------
  // Output: print(a, …) and write("file", a, …), as statements

  // The values separated by spaces, strings without their quotes.
  std::string output_text(const parser::function_call& call, std::size_t first) {
    std::string text;
    for (std::size_t i = first; i < call.arguments.size(); ++i) {
      const value v = evaluate(call.arguments[i]);
      if (i > first) text += ' ';
      text += v.is_string() ? string_text(v, options_) : to_text(v, options_);
    }
    return text;
  }

  void output(const parser::function_call& call, const expression& e) {
    if (call.name == "print") {
      print_line_(output_text(call, 0));
      return;
    }
    if (call.arguments.empty()) {
      throw evaluation_error(error_kind::usage, e.span,
                             "`write` takes at least 1 argument: write(\"file\", a, …).");
    }
    const value file = evaluate(call.arguments[0]);
    if (!file.is_string()) {
      throw evaluation_error(
          error_kind::type, call.arguments[0].span,
          "write needs the file name as a string, not " + std::string(kind_name(file)) + ".",
          "Example: write(\"out.txt\", 1, ω).");
    }
    const std::string text = output_text(call, 1) + "\n";
    std::FILE* stream = std::fopen(file.as_string().c_str(), "a");
    const bool written =
        stream != nullptr && std::fwrite(text.data(), 1, text.size(), stream) == text.size();
    const int reason = errno;
    const bool closed = stream != nullptr && std::fclose(stream) == 0;
    if (!written || !closed) {
      throw evaluation_error(error_kind::usage, call.arguments[0].span,
                             "Cannot write the file \"" + parser::printable(file.as_string()) +
                                 "\": " + std::strerror(reason) + ".");
    }
  }

  // -------------------------------------------------------------------------------------------
  // User functions (docs/spec/language.md "Programs")

  // f(a, b) at `call`: the arguments, evaluated in the caller's frame, become f's parameters in
  // place. Until the call starts they are locals without a name, which no name finds.
  std::optional<value> call_user(const user_function& f, const parser::function_call& call,
                                 const expression& e) {
    const std::size_t count = f.definition.parameters.size();
    if (call.arguments.size() != count) {
      throw evaluation_error(error_kind::usage, e.span,
                             quoted_name(f.definition.name) + " takes " + std::to_string(count) +
                                 (count == 1 ? " argument: " : " arguments: ") + f.signature + ".");
    }
    const std::size_t base = locals_.size();
    struct drop_arguments {
      expression_evaluator& self;
      std::size_t base;
      bool armed = true;
      ~drop_arguments() {
        if (!armed) return;
        self.locals_.resize(base);
        self.forget_places();
      }
    } drop{*this, base};
    for (const expression& argument : call.arguments) {
      value v = evaluate(argument);
      locals_.emplace_back(std::string_view(), std::move(v));
      forget_places();
    }
    drop.armed = false;  // the frame takes them
    return run_call(f, base, e);
  }

  // f(element), for map( ) and select( ).
  std::optional<value> call_user(const user_function& f, value argument,
                                 const expression& call_site) {
    const std::size_t base = locals_.size();
    locals_.emplace_back(std::string_view(), std::move(argument));
    forget_places();
    return run_call(f, base, call_site);
  }

  // Runs f's body in a frame of its own: the parameters (locals_[base, …), unnamed so far) and the
  // locals it assigns; the caller's locals are out of sight. An error inside names the call
  // (evaluation_error::call_chain).
  std::optional<value> run_call(const user_function& f, std::size_t base,
                                const expression& call_site) {
    const std::size_t saved_base = frame_base_;
    const std::string* saved_source = current_source_;
    struct leave_frame {
      expression_evaluator& self;
      std::size_t size, base;
      const std::string* source;
      ~leave_frame() {
        self.locals_.resize(size);
        self.forget_places();
        self.frame_base_ = base;
        self.current_source_ = source;
        --self.call_depth_;
      }
    } leave{*this, base, saved_base, saved_source};
    ++call_depth_;
    if (call_depth_ > max_call_depth || stack_exhausted()) {
      throw evaluation_error(error_kind::limit, call_site.span,
                             "The calls of user functions are nested more than " +
                                 std::to_string(call_depth_ - 1) +
                                 " deep (max_call_depth = " + std::to_string(max_call_depth) + ").",
                             "Does the recursion reach its base case?");
    }
    frame_base_ = base;
    for (std::size_t i = 0; i < f.definition.parameters.size(); ++i) {
      locals_[base + i].first = f.definition.parameters[i];
    }
    forget_places();
    current_source_ = &f.origin.source_name;
    try {
      if (execute_body(f.definition.body) == flow::returned) {
        std::optional<value> result = std::move(return_value_);
        return_value_.reset();
        return result;
      }
      return std::nullopt;
    } catch (evaluation_error& error) {
      error.set_origin_once(f.origin);
      error.add_call("in " + f.signature + ", called at " + *saved_source + ":" +
                     std::to_string(call_site.span.line) + ":" +
                     std::to_string(call_site.span.column));
      throw;
    }
  }

  // The stack left for nested calls: a bound besides max_call_depth, since each call's own
  // expressions may nest up to the parser's limits.
  bool stack_exhausted() const {
    const auto* here = static_cast<const char*>(__builtin_frame_address(0));
    const auto used =
        static_cast<std::size_t>(stack_top_ > here ? stack_top_ - here : here - stack_top_);
    return used > max_call_stack_bytes;
  }

 public:
  // `name[i]… = v`: the variable's list with the element at the indices replaced by v.
  value with_element_replaced(const parser::assignment& a, value replacement) {
    const value* current = lookup(a.name);
    if (current == nullptr) {
      throw evaluation_error(error_kind::usage, a.name_span,
                             quoted_name(a.name) + " is not a variable, so it has no elements.",
                             "Assign it a list first: " + a.name + " = {…}.");
    }
    const value container = *current;  // evaluating the indices may add locals
    return replaced(container, a.name_span, a.indices, 0, std::move(replacement));
  }

 private:
  value replaced(const value& container, const source_span& container_span,
                 const std::vector<expression>& indices, std::size_t at, value replacement) {
    const list& elements = require_list_to_index(container, container_span);
    const std::size_t i = checked_index(indices[at], elements.size());
    list copy = elements;
    copy[i] = at + 1 == indices.size() ? std::move(replacement)
                                       : replaced(elements[i], indices[at].span, indices, at + 1,
                                                  std::move(replacement));
    return value(std::move(copy));
  }

  const list& require_list_to_index(const value& v, const source_span& span) {
    if (v.is_list()) return v.as_list();
    throw evaluation_error(
        error_kind::type, span,
        "Only a list has elements to index; this is " + std::string(kind_name(v)) + ".");
  }

  // The 0-based position of the 1-based index `index` in a list of `size` elements.
  std::size_t checked_index(const expression& index, std::size_t size) {
    const cas::integer i = evaluate_integer(index, "An index");
    if (i >= 1 && i <= size) return static_cast<std::size_t>(i.convert_to<std::uint64_t>() - 1);
    if (size == 0) {
      throw evaluation_error(error_kind::math, index.span,
                             "The index " + i.str() + " is outside the list: the list is empty.");
    }
    throw evaluation_error(error_kind::math, index.span,
                           "The index " + i.str() +
                               " is outside the list, whose elements are 1 to " +
                               std::to_string(size) + ".",
                           "Lists are indexed from 1; length(L) is the last index.");
  }

  // The variable `e` names, in place, or nullptr when e is not a variable.
  const value* borrow(const expression& e) {
    const auto* name = std::get_if<parser::name_reference>(&e.node);
    return name != nullptr ? lookup(*name) : nullptr;
  }

  // True when evaluating `e` calls no function (so adds no local), judged `depth` levels deep.
  static bool is_call_free(const expression& e, int depth) {
    if (std::holds_alternative<parser::name_reference>(e.node) ||
        std::holds_alternative<parser::natural_literal>(e.node)) {
      return true;
    }
    if (depth == 0) return false;
    if (const auto* b = std::get_if<binary_operation>(&e.node)) {
      return is_call_free(*b->left, depth - 1) && is_call_free(*b->right, depth - 1);
    }
    return false;
  }

  // A local of the current frame (a parameter, a loop's or comprehension's variable) first, then
  // a session variable. The pointer is valid until the next local is added.
  value* lookup(std::string_view name) {
    for (std::size_t i = locals_.size(); i-- > frame_base_;) {
      if (same_name(locals_[i].first, name)) return &locals_[i].second;
    }
    const auto found = variables_.find(name);
    return found == variables_.end() ? nullptr : &found->second;
  }

  // lookup(name.name), remembered for this node until a local or a frame comes or goes.
  const value* lookup(const parser::name_reference& name) {
    known_place& known = place_entry(&name);
    if (known.node == &name && known.generation == places_generation_) return known.place;
    value* found = lookup(name.name);
    if (found != nullptr) known = {&name, places_generation_, found};
    return found;
  }

  // `e` as a machine word, when it is a finite nimber below 2^64 made of variables, literals and
  // nim sums and products alone, at most max_word_depth operators deep: the loops' arithmetic
  // without a value per operation. False otherwise, having done nothing the evaluator would not
  // do again (it reads variables and literals only), and the evaluator evaluates e as usual.
  static constexpr int max_word_depth = 4;

  // A comparison of two machine words (evaluate_word), as `holds`; false, having done nothing,
  // when `e` is no comparison or a side is not a word.
  bool compare_words(const expression& e, bool& holds) {
    const auto* b = std::get_if<binary_operation>(&e.node);
    if (b == nullptr) return false;
    switch (b->op) {
      case binary_operator::equal:
      case binary_operator::not_equal:
      case binary_operator::less:
      case binary_operator::less_equal:
      case binary_operator::greater:
      case binary_operator::greater_equal:
        break;
      default:
        return false;
    }
    std::uint64_t x = 0;
    std::uint64_t y = 0;
    if (!evaluate_word(*b->left, x, 1) || !evaluate_word(*b->right, y, 1)) return false;
    switch (b->op) {  // on finite nimbers Cantor order is the naturals' order
      case binary_operator::equal:
        holds = x == y;
        break;
      case binary_operator::not_equal:
        holds = x != y;
        break;
      case binary_operator::less:
        holds = x < y;
        break;
      case binary_operator::less_equal:
        holds = x <= y;
        break;
      case binary_operator::greater:
        holds = x > y;
        break;
      default:
        holds = x >= y;
    }
    return true;
  }
  bool evaluate_word(const expression& e, std::uint64_t& word, int depth = 0) {
    if (const auto* name = std::get_if<parser::name_reference>(&e.node)) {
      const value* v = lookup(*name);
      return v != nullptr && v->read_word(word);
    }
    if (const auto* b = std::get_if<binary_operation>(&e.node)) {
      if (depth >= max_word_depth || !words_allowed_) return false;
      const binary_operator op = b->op;
      if (op != binary_operator::nim_sum && op != binary_operator::nim_product &&
          op != binary_operator::cantor_sum && op != binary_operator::cantor_product &&
          op != binary_operator::cantor_difference) {
        return false;
      }
      std::uint64_t x = 0;
      std::uint64_t y = 0;
      if (!evaluate_word(*b->left, x, depth + 1) || !evaluate_word(*b->right, y, depth + 1)) {
        return false;
      }
      switch (op) {
        case binary_operator::nim_sum:
          word = x ^ y;
          return true;
        case binary_operator::nim_product:
          word = cas::nim_mul64(x, y);
          return true;
        // Ordinal arithmetic on naturals is the ordinary one (docs/spec/language.md
        // "Brackets"); beyond 2^64, and a negative difference, the evaluator takes over.
        case binary_operator::cantor_sum:
          return !__builtin_add_overflow(x, y, &word);
        case binary_operator::cantor_product:
          return !__builtin_mul_overflow(x, y, &word);
        default:  // cantor_difference
          if (x < y) return false;
          word = x - y;
          return true;
      }
    }
    if (const auto* bracket = std::get_if<parser::bracket_expression>(&e.node)) {
      return depth < max_word_depth && evaluate_word(*bracket->inner, word, depth + 1);
    }
    if (const auto* literal = std::get_if<parser::natural_literal>(&e.node)) {
      if (!words_allowed_) return false;
      const std::string& digits = literal->digits;
      const char* last = digits.data() + digits.size();
      const auto [end, error] =
          std::from_chars(digits.data(), last, word, static_cast<int>(literal->base));
      return error == std::errc() && end == last;
    }
    return false;
  }

  // -------------------------------------------------------------------------------------------
  // Lists: ranges, indices, comprehensions (docs/spec/language.md "Programs")

  value evaluate_node(const parser::range_expression& r, const expression& e) {
    const cas::integer first = evaluate_integer(*r.first, "The bound a of a..b");
    const cas::integer last = evaluate_integer(*r.last, "The bound b of a..b");
    if (first < 0) {
      throw evaluation_error(error_kind::math, r.first->span,
                             "a..b ranges over the naturals; a is " + first.str() + ".");
    }
    if (last < first) return value(list{});
    if (cas::integer(last - first) >= max_list_length) {
      throw list_too_long(e.span);
    }
    const auto count = static_cast<std::size_t>((last - first).convert_to<std::uint64_t>() + 1);
    list elements;
    elements.reserve(count);
    cas::integer i = first;
    for (std::size_t k = 0; k < count; ++k, ++i) {
      if ((k & 0xfff) == 0) context_.poll();
      elements.push_back(value(cas::nimber(i, context_)));
    }
    return value(std::move(elements));
  }

  static evaluation_error list_too_long(const source_span& span) {
    return evaluation_error(error_kind::limit, span, list_too_long_message(), "");
  }

  value evaluate_node(const parser::index_expression& x, const expression&) {
    const value container = evaluate(*x.list);
    const list& elements = require_list_to_index(container, x.list->span);
    return elements[checked_index(*x.index, elements.size())];
  }

  value evaluate_node(const parser::comprehension& c, const expression&) {
    const value source = evaluate(*c.source);
    if (!source.is_list()) {
      throw evaluation_error(
          error_kind::type, c.source->span,
          "A comprehension runs over a list; this is " + std::string(kind_name(source)) + ".");
    }
    list out;
    locals_.emplace_back(c.variable, value());
    forget_places();
    struct pop_local {
      expression_evaluator& self;
      ~pop_local() {
        self.locals_.pop_back();
        self.forget_places();
      }
    } pop{*this};
    const std::size_t slot = locals_.size() - 1;
    for (const value& element : source.as_list()) {
      context_.poll();
      locals_[slot].second = element;
      if (c.condition) {
        const value keep = evaluate(**c.condition);
        if (!keep.is_boolean()) {
          throw evaluation_error(error_kind::type, (*c.condition)->span,
                                 "The condition of a comprehension must be a boolean, not " +
                                     std::string(kind_name(keep)) + ".");
        }
        if (!keep.as_boolean()) continue;
      }
      out.push_back(evaluate(*c.element));
    }
    return value(std::move(out));
  }

  // -------------------------------------------------------------------------------------------
  // Primaries

  value evaluate_node(const parser::natural_literal& literal, const expression& e) {
    // A literal below 2^64 in any base is read into a word without GMP (evaluate_word); the
    // rest, and every literal under a max_nimber_bits below 64, go through GMP and its limit.
    if (std::uint64_t word = 0; evaluate_word(e, word)) return value(cas::nimber(word));
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

  // A variable, or else (docs/spec/language.md "Names") a polynomial indeterminate: the polynomial
  // x.
  value evaluate_node(const parser::name_reference& name, const expression& e) {
    if (const value* found = lookup(name)) return *found;
    if (const auto f = functions_.find(name.name); f != functions_.end()) {
      throw evaluation_error(error_kind::usage, e.span,
                             quoted_name(name.name) + " is a function; call it with its arguments.",
                             "Signature: " + f->second->signature + ".");
    }
    if (const function_entry* f = find_function(name.name)) {
      throw evaluation_error(error_kind::usage, e.span,
                             quoted_name(name.name) + " is a function; call it with its arguments.",
                             "Signature: " + f->signature + ".");
    }
    if (find_planned_function(name.name) != nullptr) {
      throw evaluation_error(
          error_kind::usage, e.span,
          quoted_name(name.name) + " is the name of a function, so it cannot be an indeterminate.",
          "Choose another name for the indeterminate, e.g. x.");
    }
    // After `a = …` failed (under --keep-going, or in the REPL), `a` is not silently the
    // polynomial a (docs/spec/language.md "Names, statements, results").
    if (const auto failed = failed_assignments_.find(name.name);
        failed != failed_assignments_.end()) {
      throw evaluation_error(error_kind::usage, e.span,
                             quoted_name(name.name) + " has no value: its assignment at " +
                                 failed->second + " failed.",
                             "Assign it again; for an indeterminate, choose another name.");
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
    if (const value* kept = results_.find(n)) return *kept;
    const std::string kept_range = "%" + std::to_string(results_.first_kept()) + " to %" +
                                   std::to_string(results_.size()) + "; % is the latest.";
    if (n != 0 && n < results_.first_kept()) {
      throw evaluation_error(error_kind::usage, e.span,
                             "Result %" + std::to_string(n) + " is no longer kept: on2 keeps the " +
                                 "latest " + std::to_string(max_kept_results) +
                                 " results (max_kept_results).",
                             "The results kept are " + kept_range);
    }
    throw evaluation_error(error_kind::usage, e.span,
                           "There is no result %" + std::to_string(n) + ".",
                           "The results so far are " + kept_range);
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
      throw evaluation_error(error_kind::type, where.span,
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
    if (u.op == parser::unary_operator::logical_not) {
      require_boolean(operand, *u.operand, "`not` needs a boolean");
      return value::boolean(!operand.as_boolean());
    }
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
      throw evaluation_error(error_kind::type, b.inner->span,
                             "Brackets [ … ] hold ordinal arithmetic on nimbers, not " +
                                 std::string(kind_name(inner)) + ".");
    }
    return inner;
  }

  // -------------------------------------------------------------------------------------------
  // Binary operators

  value evaluate_node(const binary_operation& b, const expression& e) {
    if (!is_left_associative(b.op)) return evaluate_power(b, e);
    if (b.op == binary_operator::logical_and || b.op == binary_operator::logical_or) {
      return evaluate_logical(b, e);
    }
    // Finite nimbers below 2^64 (the common case in loops): machine words, one value in the end.
    if (b.op == binary_operator::nim_sum || b.op == binary_operator::nim_product ||
        b.op == binary_operator::cantor_sum || b.op == binary_operator::cantor_product) {
      std::uint64_t word = 0;
      if (evaluate_word(e, word, max_word_depth - 2)) return value(cas::nimber(word));
    }
    if (bool holds = false; compare_words(e, holds)) return value::boolean(holds);
    // One operation (the common case in loops): no spine to walk, and variables are read in
    // place when nothing evaluated after them can add a local (no call in the right operand).
    if (const auto* left = std::get_if<binary_operation>(&b.left->node);
        left == nullptr || !is_left_associative(left->op)) {
      value left_copy, right_copy;
      const value* x = is_call_free(*b.right, 3) ? borrow(*b.left) : nullptr;
      if (x == nullptr) {
        left_copy = evaluate(*b.left);
        x = &left_copy;
      }
      const value* y = borrow(*b.right);
      if (y == nullptr) {
        right_copy = evaluate(*b.right);
        y = &right_copy;
      }
      return apply(b, e, *x, *y);
    }
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
      if (operation.op == binary_operator::nim_sum && adds_in_place(accumulated, right)) {
        accumulated = add_in_place(std::move(accumulated), right, **it);
      } else {
        accumulated = apply(operation, **it, accumulated, right);
      }
    }
    return accumulated;
  }

  // A polynomial typed term by term, c_n·x^n + … + c_0, is a chain of sums whose left operand
  // grows: adding each term into the sum so far, instead of copying it, makes the chain cost its
  // terms rather than its length times its degree. Only sums whose result apply() would give
  // without an error: a polynomial plus a nimber or a polynomial in the same indeterminate.
  static bool adds_in_place(const value& sum, const value& term) {
    if (!sum.is_polynomial()) return false;
    return term.is_nimber() || (term.is_polynomial() && term.as_polynomial().indeterminate ==
                                                            sum.as_polynomial().indeterminate);
  }
  value add_in_place(value&& sum, const value& term, const expression& whole) {
    polynomial_value f = std::move(sum).take_polynomial();
    return at_span(whole.span, [&]() -> value {
      cas::polynomial total =
          term.is_polynomial()
              ? cas::poly_add(std::move(f.p), term.as_polynomial().p, context_)
              : cas::poly_add(std::move(f.p), cas::polynomial::constant(term.as_nimber()),
                              context_);
      return value::from_polynomial(std::move(f.indeterminate), std::move(total));
    });
  }

  value apply(const binary_operation& b, const expression& whole, const value& left,
              const value& right) {
    // Nim sums and products of nimbers, the common case in loops, go straight to cas, whose
    // values below 2^64 need no allocation and whose products take the machine word's kernel.
    if ((b.op == binary_operator::nim_sum || b.op == binary_operator::nim_product) &&
        left.is_nimber() && right.is_nimber() && left.as_nimber().is_finite() &&
        right.as_nimber().is_finite()) {
      const cas::ordinal& x = left.as_nimber();
      const cas::ordinal& y = right.as_nimber();
      return at_span(whole.span, [&]() -> value {
        return b.op == binary_operator::nim_sum ? cas::nim_add(x, y, context_)
                                                : cas::nim_mul(x, y, context_);
      });
    }
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
        case binary_operator::cantor_difference:
          return ordinary_difference(b, whole, x, y);
        case binary_operator::cantor_product:
          return cas::ordinal_mul(x, y, context_);
        default:
          return cas::ordinal_pow(x, y, context_);  // cantor_power
      }
    });
  }

  // `[a - b]`: ordinal arithmetic has no subtraction, but for finite a ≥ b the ordinary
  // difference is what `[2^24 - 1]` means (docs/spec/language.md "Brackets").
  value ordinary_difference(const binary_operation& b, const expression& whole,
                            const cas::ordinal& x, const cas::ordinal& y) {
    for (const auto* operand : {&x, &y}) {
      if (operand->is_finite()) continue;
      throw evaluation_error(error_kind::math, operand == &x ? b.left->span : b.right->span,
                             "`-` inside brackets is the difference of two finite values; this "
                             "one is transfinite.",
                             "Ordinal arithmetic has no subtraction; for the nim sum, write ⊕.");
    }
    const cas::integer a = x.finite_part().to_integer();
    const cas::integer c = y.finite_part().to_integer();
    if (a < c) {
      throw evaluation_error(error_kind::math, whole.span,
                             "The difference " + a.str() + " - " + c.str() +
                                 " is negative: ordinals have no negatives.",
                             "`[a - b]` needs a ≥ b.");
    }
    return value(cas::nimber(cas::integer(a - c), context_));
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
    const cas::integer e =
        evaluate_integer(*b.right, "The exponent of the nim power " + symbol, &whole);
    return nim_power(base, *b.left, e, *b.right, whole);
  }

  // base^e for an integer e: a negative e is a power of the inverse.
  value nim_power(const value& base, const expression& base_expression, const cas::integer& e,
                  const expression& exponent_expression, const expression& whole) {
    if (base.is_polynomial()) {
      if (e < 0) {
        throw evaluation_error(error_kind::math, exponent_expression.span,
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
    return at_span(whole.span, [&]() -> value {
      if (e < 0 && base.as_nimber().is_zero()) {
        throw evaluation_error(error_kind::math, base_expression.span,
                               "0 has no inverse, so it has no negative powers.");
      }
      return cas::nim_pow(base.as_nimber(), e, context_);
    });
  }

  // -------------------------------------------------------------------------------------------
  // Integers: exponents and pow's n count multiplications, so they are evaluated with ordinary
  // integer arithmetic (docs/spec/language.md "Exponents"): + - * / ^ on integers, ⊕ ⊗ keep
  // their nim meaning on naturals, and every other expression (a name, a call, brackets) is
  // evaluated as usual and must be a finite nimber, read as the natural number it is.

  // `power`, when the integer is an exponent, is the power, for the hint on a transfinite one.
  cas::integer evaluate_integer(const expression& e, const std::string& role,
                                const expression* power = nullptr) {
    if (const auto* b = std::get_if<binary_operation>(&e.node)) {
      if (b->op == binary_operator::nim_power) {
        const cas::integer base = evaluate_integer(*b->left, role, power);
        const cas::integer exponent = evaluate_integer(*b->right, role, power);
        return integer_power(base, exponent, *b, e);
      }
      if (b->op == binary_operator::nim_sum || b->op == binary_operator::nim_product ||
          b->op == binary_operator::nim_division) {
        // A left-associative chain is as deep as it is long: walk its left spine.
        std::vector<const expression*> spine{&e};
        const expression* leftmost = &*b->left;
        while (const auto* next = std::get_if<binary_operation>(&leftmost->node)) {
          if (next->op != binary_operator::nim_sum && next->op != binary_operator::nim_product &&
              next->op != binary_operator::nim_division)
            break;
          spine.push_back(leftmost);
          leftmost = &*next->left;
        }
        cas::integer accumulated = evaluate_integer(*leftmost, role, power);
        for (auto it = spine.rbegin(); it != spine.rend(); ++it) {
          const auto& operation = std::get<binary_operation>((*it)->node);
          const cas::integer right = evaluate_integer(*operation.right, role, power);
          accumulated = integer_operation(operation, **it, accumulated, right);
        }
        return accumulated;
      }
    }
    if (const auto* u = std::get_if<parser::unary_operation>(&e.node)) {
      const cas::integer operand = evaluate_integer(*u->operand, role, power);
      return u->op == parser::unary_operator::minus ? cas::integer(-operand) : operand;
    }
    const value v = evaluate(e);
    if (v.is_nimber() && v.as_nimber().is_finite()) return v.as_nimber().finite_part().to_integer();
    if (v.is_nimber()) {
      throw evaluation_error(
          error_kind::math, e.span, role + " must be an integer; this one is transfinite.",
          power != nullptr ? "For the ordinal power, use brackets: " + bracketed_form(*power) + "."
                           : "");
    }
    throw evaluation_error(error_kind::type, e.span,
                           role + " must be an integer, not " + std::string(kind_name(v)) + ".");
  }

  // The integers of one statement are bounded like finite nimbers (limits::max_nimber_bits).
  void require_integer_size(std::uint64_t bits, const expression& where) {
    const std::uint64_t limit = context_.limits().max_nimber_bits;
    if (bits <= limit) return;
    throw evaluation_error(
        error_kind::limit, where.span,
        "The integer would have more than " + std::to_string(limit) + " bits (max_nimber_bits).",
        "`:help limits` lists the limits.");
  }

  static std::uint64_t bit_length(const cas::integer& n) {
    return n == 0 ? 0 : static_cast<std::uint64_t>(mpz_sizeinbase(n.backend().data(), 2));
  }

  cas::integer integer_operation(const binary_operation& b, const expression& whole,
                                 const cas::integer& x, const cas::integer& y) {
    context_.poll();
    switch (b.symbol) {
      case parser::operator_symbol::plus:
        require_integer_size(std::max(bit_length(x), bit_length(y)) + 1, whole);
        return x + y;
      case parser::operator_symbol::minus:
        require_integer_size(std::max(bit_length(x), bit_length(y)) + 1, whole);
        return x - y;
      case parser::operator_symbol::star:
        require_integer_size(bit_length(x) + bit_length(y), whole);
        return x * y;
      case parser::operator_symbol::slash:
        if (y == 0) {
          throw evaluation_error(error_kind::math, b.right->span, "Division by zero.");
        }
        if (x % y != 0) {
          throw evaluation_error(
              error_kind::math, whole.span,
              "The integer division " + x.str() + " / " + y.str() + " is not exact.",
              "div(a, n) is the quotient rounded down and mod(a, n) the "
              "remainder.");
        }
        return x / y;
      default: {  // ⊕, ⊗: nim arithmetic on naturals
        for (const auto* operand : {&x, &y}) {
          if (*operand >= 0) continue;
          throw evaluation_error(error_kind::math, operand == &x ? b.left->span : b.right->span,
                                 "`" + std::string(parser::spelling(b.symbol)) +
                                     "` applies to naturals; this one is " + operand->str() + ".");
        }
        return at_span(whole.span, [&] {
          const cas::ordinal a(cas::nimber(x, context_));
          const cas::ordinal c(cas::nimber(y, context_));
          const cas::ordinal r = b.symbol == parser::operator_symbol::circled_plus
                                     ? cas::nim_add(a, c)
                                     : cas::nim_mul(a, c, context_);
          return r.finite_part().to_integer();
        });
      }
    }
  }

  cas::integer integer_power(const cas::integer& base, const cas::integer& exponent,
                             const binary_operation& b, const expression& whole) {
    if (exponent < 0) {
      if (base == 1 || base == -1) return exponent % 2 == 0 ? cas::integer(1) : base;
      throw evaluation_error(
          error_kind::math, b.right->span,
          "A negative power of the integer " + base.str() + " is not an integer.");
    }
    if (base == 0 || base == 1) return exponent == 0 ? cas::integer(1) : base;
    if (base == -1) return exponent % 2 == 0 ? cas::integer(1) : base;
    const std::uint64_t bits = bit_length(base) - 1;  // |base| ≥ 2: at least this many per factor
    if (exponent > cas::integer(context_.limits().max_nimber_bits)) {
      require_integer_size(context_.limits().max_nimber_bits + 1, whole);
    }
    const auto n = exponent.convert_to<unsigned long>();
    require_integer_size(std::max<std::uint64_t>(bits, 1) * n, whole);
    cas::integer result;
    mpz_pow_ui(result.backend().data(), base.backend().data(), n);
    return result;
  }

  // -------------------------------------------------------------------------------------------
  // Polynomials: nim sum, product and exact division, a nimber taking part as a constant

  // At least one of left and right is a polynomial.
  value polynomial_arithmetic(binary_operator op, const std::string& symbol,
                              const expression& left_expression, const expression& right_expression,
                              const expression& whole, const value& left, const value& right) {
    assert(left.is_polynomial() || right.is_polynomial());
    if (op == binary_operator::cantor_sum || op == binary_operator::cantor_difference ||
        op == binary_operator::cantor_product || op == binary_operator::cantor_power) {
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
      throw evaluation_error(
          error_kind::math, right_expression.span,
          two_indeterminates_message(indeterminate, right.as_polynomial().indeterminate),
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

  // The built-in function (first) or the user's function `call` names, found by name once per
  // call node and definition; neither when the name is neither's.
  std::pair<const function_entry*, const user_function*> called_function(
      const parser::function_call& call) {
    const auto h = reinterpret_cast<std::uintptr_t>(&call) * std::uint64_t{0x9E3779B97F4A7C15};
    known_call& known = known_calls_[h >> 59];
    if (known.node == &call && known.generation == functions_generation_) {
      return {known.builtin, known.user};
    }
    const function_entry* builtin = find_function(call.name);
    const user_function* user = nullptr;
    if (builtin == nullptr) {
      if (const auto found = functions_.find(call.name); found != functions_.end()) {
        user = found->second.get();  // functions_ changes only by a top-level definition
      }
    }
    if (builtin != nullptr || user != nullptr)
      known = {&call, functions_generation_, builtin, user};
    return {builtin, user};
  }

  value evaluate_node(const parser::function_call& call, const expression& e) {
    // Not a structured binding: clang 14 (the sanitizer build) cannot capture one in a lambda.
    const std::pair<const function_entry*, const user_function*> called = called_function(call);
    const function_entry* const f = called.first;
    const user_function* const user = called.second;
    if (f == nullptr) {
      if (user != nullptr) {
        std::optional<value> result = call_user(*user, call, e);
        if (!result) {
          throw evaluation_error(error_kind::math, e.span,
                                 quoted_name(call.name) + " returned no value.",
                                 "`return e` gives a value; `return` alone and the end of the "
                                 "body give none.");
        }
        return std::move(*result);
      }
      const value* variable = lookup(call.name);
      if (variable != nullptr && variable->is_polynomial()) {
        const polynomial_value p = variable->as_polynomial();  // the argument may add locals
        return evaluate_polynomial_at(call, e, p);
      }
      unknown_function(call);
    }
    const std::size_t count = call.arguments.size();
    if (f->name == "pow" && count == 2) return evaluate_pow(call, e);
    if ((f->name == "map" || f->name == "select") && count == 2) return evaluate_map(call, e);
    if (f->name == "print" || f->name == "write") {
      throw evaluation_error(error_kind::usage, e.span,
                             quoted_name(f->name) + " gives no value; call it as a statement.");
    }
    if (count < f->minimum_arity || count > f->maximum_arity) {
      throw evaluation_error(
          error_kind::usage, e.span,
          quoted_name(f->name) + " takes " + arity_text(*f) + ": " + f->signature + ".",
          "Example: " + f->example.input + " gives " + f->example.output + ".");
    }
    std::vector<value> arguments;
    arguments.reserve(count);
    for (const expression& argument : call.arguments) {
      if (f->exponent_argument == arguments.size()) {
        arguments.push_back(evaluate_exponent_argument(*f, argument));
        continue;
      }
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

  // An argument that counts multiplications (function_entry::exponent_argument) is an integer
  // expression like every exponent, so powmod(x, 2^100, g) means the integer 2^100; it must be
  // at least 0.
  value evaluate_exponent_argument(const function_entry& f, const expression& argument) {
    const cas::integer n = evaluate_integer(argument, "The exponent n of " + f.signature);
    if (n < 0) {
      throw evaluation_error(error_kind::math, argument.span,
                             f.name + " needs n ≥ 0; n is " + n.str() + ".",
                             "Signature: " + f.signature + ".");
    }
    return at_span(argument.span, [&] { return value(cas::nimber(n, context_)); });
  }

  // pow(a, n) is a^n: its n is an integer expression like every exponent, so pow(ω, -1) is the
  // inverse as ω^-1 is (docs/spec/language.md "Exponents").
  value evaluate_pow(const parser::function_call& call, const expression& e) {
    const expression& base_expression = call.arguments[0];
    const value base = evaluate(base_expression);
    require_nimber_or_polynomial(base, base_expression, "pow");
    const cas::integer n = evaluate_integer(call.arguments[1], "The exponent n of pow(a, n)");
    return nim_power(base, base_expression, n, call.arguments[1], e);
  }

  // map(f, L) and select(f, L): f names a function of one argument or a polynomial variable, and
  // is called on each element of L.
  value evaluate_map(const parser::function_call& call, const expression& e) {
    const expression& function_expression = call.arguments[0];
    const auto* name = std::get_if<parser::name_reference>(&function_expression.node);
    const function_entry* f = name != nullptr ? find_function(name->name) : nullptr;
    std::shared_ptr<const user_function> user;
    if (name != nullptr && f == nullptr) {
      if (const auto found = functions_.find(name->name); found != functions_.end()) {
        user = found->second;
      }
    }
    std::optional<polynomial_value> polynomial_copy;
    if (name != nullptr && f == nullptr && user == nullptr) {
      if (const value* v = lookup(name->name); v != nullptr && v->is_polynomial()) {
        polynomial_copy = v->as_polynomial();
      }
    }
    const polynomial_value* polynomial = polynomial_copy ? &*polynomial_copy : nullptr;
    if (user != nullptr && user->definition.parameters.size() != 1) {
      throw evaluation_error(error_kind::usage, function_expression.span,
                             quoted_name(user->definition.name) +
                                 " is not a function of one argument: " + user->signature + ".");
    }
    if (f == nullptr && polynomial == nullptr && user == nullptr) {
      throw evaluation_error(error_kind::math, function_expression.span,
                             call.name +
                                 " needs f to be the name of a function or of a "
                                 "polynomial variable.",
                             "Example: " + call.name + "(isprime, 1..10).");
    }
    if (f != nullptr &&
        (f->minimum_arity > 1 || f->maximum_arity < 1 || f->name == "map" || f->name == "select")) {
      throw evaluation_error(
          error_kind::usage, function_expression.span,
          quoted_name(f->name) + " is not a function of one argument: " + f->signature + ".");
    }
    const expression& list_expression = call.arguments[1];
    const value source = evaluate(list_expression);
    if (!source.is_list()) {
      throw evaluation_error(
          error_kind::type, list_expression.span,
          call.name + " needs L to be a list, not " + std::string(kind_name(source)) + ".");
    }
    const bool selecting = call.name == "select";
    list out;
    for (const value& element : source.as_list()) {
      value result = at_span(e.span, [&]() -> value {
        context_.poll();
        if (user != nullptr) {
          std::optional<value> returned = call_user(*user, value(element), e);
          if (!returned) {
            throw evaluation_error(error_kind::math, function_expression.span,
                                   quoted_name(user->definition.name) + " returned no value.");
          }
          return std::move(*returned);
        }
        if (polynomial != nullptr) {
          if (!element.is_nimber()) {
            throw evaluation_error(error_kind::type, list_expression.span,
                                   "A polynomial is evaluated at nimbers; the list holds " +
                                       std::string(kind_name(element)) + ".");
          }
          return cas::poly_evaluate(polynomial->p, element.as_nimber(), context_);
        }
        const std::vector<value> one{element};
        try {
          return f->implementation(function_arguments(*f, one, context_));
        } catch (const argument_error& error) {
          throw evaluation_error(error.kind(), list_expression.span, error.what(), error.hint());
        }
      });
      if (!selecting) {
        out.push_back(std::move(result));
        continue;
      }
      if (!result.is_boolean()) {
        throw evaluation_error(
            error_kind::type, function_expression.span,
            "select needs f to give booleans; it gave " + std::string(kind_name(result)) + ".");
      }
      if (result.as_boolean()) out.push_back(element);
    }
    return value(std::move(out));
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
    throw evaluation_error(error_kind::type, argument.span,
                           "A polynomial is evaluated at a nimber or a polynomial, not at " +
                               std::string(kind_name(at)) + ".");
  }

  [[noreturn]] void unknown_function(const parser::function_call& call) {
    if (const value* variable = lookup(call.name)) {
      throw evaluation_error(error_kind::usage, call.name_span,
                             quoted_name(call.name) + " is a variable, not a function.",
                             "Only a variable holding a polynomial can be called: f(a) evaluates "
                             "f at a. " +
                                 quoted_name(call.name) + " holds " +
                                 std::string(kind_name(*variable)) + ".");
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

  // `a and b and …`, `a or b or …`: left to right, stopping at the first operand that decides
  // (a false one for `and`, a true one for `or`); the chain's spine is walked in a loop.
  value evaluate_logical(const binary_operation& b, const expression& e) {
    const binary_operator op = b.op;
    const std::string word = op == binary_operator::logical_and ? "and" : "or";
    std::vector<const expression*> operands;
    const expression* current = &e;
    while (const auto* next = std::get_if<binary_operation>(&current->node)) {
      if (next->op != op) break;
      operands.push_back(&*next->right);
      current = &*next->left;
    }
    operands.push_back(current);
    const bool deciding = op == binary_operator::logical_or;
    for (auto it = operands.rbegin(); it != operands.rend(); ++it) {
      const value v = evaluate(**it);
      require_boolean(v, **it, "`" + word + "` needs booleans");
      if (v.as_boolean() == deciding) return value::boolean(deciding);
    }
    return value::boolean(!deciding);
  }

  // -------------------------------------------------------------------------------------------
  // Checks and hints

  // Conditions are booleans (docs/spec/language.md "Programs"): `if 1 then` is an error.
  void require_boolean(const value& v, const expression& where, const std::string& needs) {
    if (v.is_boolean()) return;
    throw evaluation_error(error_kind::type, where.span,
                           needs + ", not " + std::string(kind_name(v)) + ".",
                           "Compare to get a boolean, e.g. n != 0.");
  }

  void require_nimber(const value& v, const expression& where, const std::string& symbol) {
    if (v.is_nimber()) return;
    throw evaluation_error(
        error_kind::type, where.span,
        "`" + symbol + "` applies to nimbers, not to " + std::string(kind_name(v)) + ".");
  }

  // + - ⊕ * ⊗ / ^ and the unary - + apply to polynomials too.
  void require_nimber_or_polynomial(const value& v, const expression& where,
                                    const std::string& symbol) {
    if (v.is_nimber() || v.is_polynomial()) return;
    throw evaluation_error(error_kind::type, where.span,
                           "`" + symbol + "` applies to nimbers and polynomials, not to " +
                               std::string(kind_name(v)) + ".");
  }

  void require_not_polynomial_in_brackets(const value& v, const expression& where) {
    if (!v.is_polynomial()) return;
    throw evaluation_error(error_kind::type, where.span,
                           "Brackets [ … ] hold ordinal arithmetic on nimbers, not a polynomial.",
                           "Polynomials take nim arithmetic only, outside brackets.");
  }

  void require_comparable(const value& v, const expression& where, const std::string& symbol) {
    if (v.is_nimber()) return;
    throw evaluation_error(error_kind::type, where.span,
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
  std::map<std::string, value, std::less<>>& variables_;
  const result_history& results_;
  std::string_view text_;
  const print_options& options_;
  // A local's name is a view of the syntax tree that introduced it (a parameter, a loop's or a
  // comprehension's variable, an assignment's name), which outlives the local.
  std::vector<std::pair<std::string_view, value>> locals_;
  std::size_t frame_base_ = 0;  // the current call's locals are locals_[frame_base_, size)
  // Where names were found: a small table from a syntax tree's node (a name_reference, an
  // assignment) to the value it names, valid while places_generation_ is what it was then.
  // Whatever can move a value or change what a name means (a local added or removed, a frame
  // entered or left, a session variable added or removed) starts a new generation.
  struct known_place {
    const void* node = nullptr;
    std::uint64_t generation = 0;
    value* place = nullptr;
  };
  std::array<known_place, 64> known_places_{};
  std::uint64_t places_generation_ = 1;
  void forget_places() noexcept { ++places_generation_; }
  known_place& place_entry(const void* node) noexcept {
    // Fibonacci hashing of the address: the top 6 bits of its product with 2^64/φ.
    const auto h = reinterpret_cast<std::uintptr_t>(node) * std::uint64_t{0x9E3779B97F4A7C15};
    return known_places_[h >> 58];
  }
  // The functions calls named, by call node: the registry's entries never move, and the user's
  // functions change only with functions_generation_ (a definition).
  struct known_call {
    const parser::function_call* node = nullptr;
    std::uint64_t generation = 0;
    const function_entry* builtin = nullptr;
    const user_function* user = nullptr;
  };
  std::array<known_call, 32> known_calls_{};
  std::uint64_t functions_generation_ = 1;
  // Finite nimbers below 2^64 as machine words, unless the limits refuse some of them.
  bool words_allowed_ = false;
  std::size_t call_depth_ = 0;
  std::optional<value> return_value_;
  std::map<std::string, std::shared_ptr<const user_function>, std::less<>>& functions_;
  const std::string* current_source_;  // the source name of the text being run, for call chains
  std::function<void(std::string)> print_line_;  // where print( ) writes
  // Names whose only assignments failed, with where: "<expr>:1:1".
  const std::map<std::string, std::string, std::less<>>& failed_assignments_;
  const char* stack_top_;
};

}  // namespace

session::session(cas::context& ctx) : context_(ctx) {}

void session::reset() {
  variables_.clear();
  results_.clear();
  functions_.clear();
  failed_assignments_.clear();
}

std::optional<std::string> session::evaluate(const parser::statement& s,
                                             std::string_view source_text) {
  expression_evaluator evaluator(
      context_, variables_, results_, source_text, options_, functions_, current_source_name_,
      [this](std::string line) {
        if (print_sink_) print_sink_(std::move(line));
      },
      failed_assignments_);
  return at_span(s.span, [&]() -> std::optional<std::string> {
    context_.poll();
    if (const auto* a = std::get_if<parser::assignment>(&s.content)) {
      // Evaluated before anything is written, so a failed assignment changes nothing; a name
      // it would have introduced is remembered, so that it does not read as an indeterminate.
      try {
        evaluator.assign(*a);
      } catch (...) {  // the language's errors, cas's (a limit, an interruption) and any other
        if (!variables_.contains(a->name) && a->indices.empty()) {
          failed_assignments_.insert_or_assign(
              a->name, current_source_name_ + ":" + std::to_string(a->name_span.line) + ":" +
                           std::to_string(a->name_span.column));
        }
        throw;
      }
      failed_assignments_.erase(a->name);
      return std::nullopt;
    }
    if (const auto* d = std::get_if<parser::function_definition>(&s.content)) {
      evaluator.define(*d, source_origin{std::make_shared<const std::string>(source_text),
                                         current_source_name_, current_first_line_});
      return std::nullopt;
    }
    if (const auto* e = std::get_if<expression>(&s.content)) {
      std::optional<value> v = evaluator.evaluate_statement_expression(*e);
      if (!v) return std::nullopt;  // a user function that returned nothing
      std::string text = s.ends_with_semicolon ? std::string() : to_text(*v, options_);
      results_.push_back(std::move(*v));
      if (s.ends_with_semicolon) return std::nullopt;
      return text;
    }
    evaluator.execute(s);  // a block: its assignments stay even when a later statement fails
    return std::nullopt;
  });
}

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
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
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

namespace {

void append_json_elements(std::string& out, const list& elements, cas::numeral numeral);

// An element of a list in --json: {"type": …, "ascii": …, "unicode": …}, and for a list
// {"type": "list", "elements": [ … ]} without its text, so that nested lists cost output in
// proportion to their elements, not to their elements times their depth.
void append_json_value(std::string& out, const value& v, cas::numeral numeral) {
  out += "{\"type\": " + json_string(type_name(v));
  if (v.is_list()) {
    out += ", \"elements\": ";
    append_json_elements(out, v.as_list(), numeral);
  } else {
    out += ", \"ascii\": " + json_string(to_text(v, {cas::notation::ascii, numeral})) +
           ", \"unicode\": " + json_string(to_text(v, {cas::notation::unicode, numeral}));
  }
  out += '}';
}

void append_json_elements(std::string& out, const list& elements, cas::numeral numeral) {
  out += '[';
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (i > 0) out += ", ";
    append_json_value(out, elements[i], numeral);
  }
  out += ']';
}

}  // namespace

std::string json_value(const value& v, cas::numeral numeral) {
  std::string out = "{\"type\": " + json_string(type_name(v)) +
                    ", \"ascii\": " + json_string(to_text(v, {cas::notation::ascii, numeral})) +
                    ", \"unicode\": " + json_string(to_text(v, {cas::notation::unicode, numeral}));
  if (v.is_list()) {
    out += ", \"elements\": ";
    append_json_elements(out, v.as_list(), numeral);
  }
  return out + "}";
}

namespace {

// For --json: what an assignment or a definition did, {"assigned": "a"} or {"defined": "f(a)"}.
// A block says nothing (the assignments inside it are many, and print( ) shows what it wants).
template <class Emit>
void acknowledge(const parser::statement& s, const Emit& emit) {
  output_line line;
  line.where = output_line::stream::acknowledgement;
  if (const auto* a = std::get_if<parser::assignment>(&s.content)) {
    line.type = "assigned";
    line.name = a->name;
  } else if (const auto* d = std::get_if<parser::function_definition>(&s.content)) {
    line.type = "defined";
    line.name = d->name + "(";
    for (std::size_t i = 0; i < d->parameters.size(); ++i) {
      line.name += (i > 0 ? ", " : "") + d->parameters[i];
    }
    line.name += ")";
  } else {
    return;
  }
  emit(std::move(line));
}

}  // namespace

std::string to_json(const output_line& line) {
  switch (line.where) {
    case output_line::stream::result:
      if (line.printed) return "{\"print\": " + json_string(line.text) + "}";
      return "{\"type\": " + json_string(line.type) + ", \"ascii\": " + json_string(line.ascii) +
             ", \"unicode\": " + json_string(line.unicode) +
             (line.elements.empty() ? "" : ", \"elements\": " + line.elements) + "}";
    case output_line::stream::acknowledgement:
      return "{\"" + line.type + "\": " + json_string(line.name) + "}";
    case output_line::stream::diagnostic:
      break;
  }
  return "{\"error\": " + json_string(line.message) + ", \"kind\": " + json_string(line.kind) +
         ", \"hint\": " + (line.hint.empty() ? std::string("null") : json_string(line.hint)) +
         ", \"source\": " + json_string(line.source) + ", \"line\": " + std::to_string(line.line) +
         ", \"column\": " + std::to_string(line.column) + "}";
}

std::size_t session::run_word_lines(std::string_view text, std::size_t& line,
                                    const run_listener& listener, std::size_t max_line_bytes,
                                    bool whole_lines) {
  if ((!listener.line && !listener.result_text) || listener.time || !listener.text_only ||
      context_.limits().max_nimber_bits < 64) {
    return 0;  // literals below 2^64 go through GMP and its limit under a max_nimber_bits < 64
  }
  // A statement's bytes; the grammar's other limits are read_quick_statement's.
  const std::size_t longest =
      std::min(max_line_bytes, std::max<std::size_t>(parse_limits_.max_input_bytes, 1) - 1);
  // The results' text, written to the listener a chunk at a time (or line by line).
  char chunk[4096];
  std::size_t filled = 0;
  output_line printed;
  const auto write_out = [&] {
    if (filled == 0) return;
    if (listener.result_text) {
      listener.result_text(std::string_view(chunk, filled));
    } else {
      // One line per call: the chunk holds lines ending in '\n'.
      std::size_t start = 0;
      while (start < filled) {
        const auto* newline =
            static_cast<const char*>(std::memchr(chunk + start, '\n', filled - start));
        const std::size_t end = static_cast<std::size_t>(newline - chunk);
        printed.text.assign(chunk + start, end - start);
        listener.line(printed);
        start = end + 1;
      }
    }
    filled = 0;
  };
  std::size_t done = 0;
  while (done < text.size()) {
    const char* newline =
        static_cast<const char*>(std::memchr(text.data() + done, '\n', text.size() - done));
    if (newline == nullptr && whole_lines) break;
    const std::size_t end =
        newline != nullptr ? static_cast<std::size_t>(newline - text.data()) : text.size();
    if (end - done > longest) break;
    const std::string_view line_text = text.substr(done, end - done);
    const std::size_t next = newline != nullptr ? end + 1 : end;
    if (line_text.find_first_not_of(" \t\r\f\v") == std::string_view::npos) {
      done = next;  // a blank line: nothing to run
      ++line;
      continue;
    }
    const std::optional<parser::quick_statement> q =
        parser::read_quick_statement(line_text, parse_limits_);
    // Nim sums (`-` is `+`) and products of two words, read by the parser; other expressions of
    // words (word_expression.hpp). `/` (its errors), literals of 2^64 or more and anything else
    // are the general path's.
    std::optional<word_line> w;
    if (q && q->words && (q->op == 0 || q->op == '+' || q->op == '-' || q->op == '*')) {
      w = word_line{q->op == 0     ? q->left_word
                    : q->op == '*' ? cas::nim_mul64(q->left_word, q->right_word)
                                   : q->left_word ^ q->right_word,
                    nullptr, q->ends_with_semicolon};
    } else {
      w = evaluate_word_line(line_text, parse_limits_, variables_);
    }
    if (!w) break;
    // A Ctrl-C interrupts this statement: the general path reports it at its place.
    if (context_.cancellation().requested()) break;
    const std::uint64_t word = w->word;
    if (w->assigned != nullptr) {
      w->assigned->assign_word(word);  // a variable that exists: no result, nothing printed
      done = next;
      ++line;
      continue;
    }
    results_.push_back(value(cas::nimber(word)));
    if (!w->ends_with_semicolon) {
      if (sizeof chunk - filled < 64) write_out();
      if (options_.numeral == cas::numeral::decimal) {
        filled = static_cast<std::size_t>(write_decimal(chunk + filled, word) - chunk);
        chunk[filled++] = '\n';
      } else {
        write_out();
        printed.text.clear();
        append_text(printed.text, results_.back(), options_);
        if (listener.result_text) {
          printed.text += '\n';
          listener.result_text(printed.text);
        } else {
          listener.line(printed);
        }
      }
    }
    done = next;
    ++line;
  }
  write_out();
  parsed_bytes_ += done;
  return done;
}

run_report session::run_text(std::string_view text, std::string source_name, bool keep_going,
                             std::size_t first_line, const run_listener& listener) {
  run_report report;
  current_source_name_ = source_name;
  // The word statements at the start first, then the rest of the text (if any) as if it were a
  // text of its own from its first line on. A text beyond the statement limit is refused whole.
  if (text.size() <= parse_limits_.max_input_bytes) {
    const std::size_t done = run_word_lines(text, first_line, listener);
    if (done == text.size()) return report;
    text.remove_prefix(done);
  }
  current_first_line_ = first_line;
  parsed_bytes_ += text.size();
  const bool ascii = options_.notation == cas::notation::ascii;
  // Every line goes at once to the listener, or else to the report: a loop that prints for
  // hours to a listener holds no memory for what it printed.
  // Taken by reference: an output_line is a dozen strings, too many to move once more per result.
  const auto emit = [&](output_line&& line) {
    if (listener.line) {
      listener.line(line);
    } else {
      report.lines.push_back(std::move(line));
    }
  };
  // print( ) output joins the report in order with the results, as soon as it is printed.
  print_sink_ = [&emit](std::string printed) {
    output_line line;
    line.printed = true;
    line.type = "string";
    line.ascii = printed;
    line.unicode = printed;
    line.text = std::move(printed);
    emit(std::move(line));
  };
  struct clear_sink {
    std::function<void(std::string)>& sink;
    ~clear_sink() { sink = nullptr; }
  } clear{print_sink_};
  // `after` follows the rendered diagnostic: the call chain of an error inside a function.
  const auto record_error_in = [&](parser::diagnostic d, error_kind kind, std::string_view in_text,
                                   const std::string& in_source, std::size_t in_first_line,
                                   const std::string& after = {}) {
    if (ascii) {  // on2's sentences in ASCII; the quoted source line stays as it was typed
      d.message = ascii_text(d.message);
      d.hint = ascii_text(d.hint);
    }
    output_line line;
    line.where = output_line::stream::diagnostic;
    line.text = parser::render_diagnostic(d, in_text, in_source, in_first_line) + after;
    line.message = d.message;
    line.kind = error_kind_name(kind);
    line.hint = d.hint;
    line.source = in_source;
    line.line = d.span.line;
    line.column = d.span.column;
    if (report.error_count++ == 0) report.exit_code = exit_code(kind);
    emit(std::move(line));
  };
  const auto record_error = [&](const parser::diagnostic& d, error_kind kind) {
    record_error_in(d, kind, text, source_name, first_line);
  };

  parser::parse_result parsed;
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
      // Timed when someone asks: the listener (:time on), or a caller that keeps the report.
      const bool timed = listener.time || !listener.line;
      const auto started =
          timed ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
      // Recorded however the statement ends, after the lines it added.
      struct record_time {
        run_report& report;
        const run_listener& listener;
        std::chrono::steady_clock::time_point started;
        bool timed;
        ~record_time() {
          if (!timed) return;
          report.times.push_back({report.lines.size(), std::chrono::steady_clock::now() - started});
          if (listener.time) listener.time(report.times.back());
        }
      };
      const record_time timer{report, listener, started, timed};
      const parser::statement& statement = parsed.statements[next_statement++];
      try {
        if (auto printed = evaluate(statement, text)) {
          output_line line;
          line.text = std::move(*printed);
          const value& v = results_.back();
          if (!listener.text_only) {
            line.type = type_name(v);
            line.ascii = to_text(v, {cas::notation::ascii, options_.numeral});
            line.unicode = to_text(v, {cas::notation::unicode, options_.numeral});
            if (listener.acknowledge && v.is_list()) {
              append_json_elements(line.elements, v.as_list(), options_.numeral);
            }
          }
          emit(std::move(line));
        } else if (listener.acknowledge) {
          acknowledge(statement, emit);
        }
      } catch (const evaluation_error& e) {
        // The innermost calls and the outermost one: a runaway recursion has a thousand.
        std::string chain_text;
        const std::vector<std::string>& chain = e.call_chain();
        for (std::size_t i = 0; i < chain.size(); ++i) {
          if (chain.size() > 6 && i == 4) {
            chain_text += "… " + std::to_string(chain.size() - 5) + " more calls …\n";
            i = chain.size() - 2;
            continue;
          }
          chain_text += parser::printable(chain[i]) + "\n";
        }
        if (ascii) chain_text = ascii_text(chain_text);
        if (const auto& origin = e.origin()) {
          // Inside a user function: the place is in the text that defined it.
          record_error_in(e.to_diagnostic(), e.kind(), *origin->text, origin->source_name,
                          origin->first_line, chain_text);
        } else {
          record_error_in(e.to_diagnostic(), e.kind(), text, source_name, first_line, chain_text);
        }
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
