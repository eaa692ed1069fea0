// Freeing syntax trees without recursion (syntax_tree.hpp, destroy_iteratively).

#include "parser/syntax_tree.hpp"

#include <new>
#include <type_traits>
#include <variant>

namespace on2::parser {
namespace {

// Subtrees still to be freed. Each node is freed only after its children were moved out of it,
// so freeing it never recurses.
class pending_subtrees {
 public:
  void take(std::unique_ptr<expression>& child) noexcept {
    if (!child) return;
    try {
      pending_.push_back(std::move(child));
    } catch (const std::bad_alloc&) {
      child.reset();  // no memory for the list: free this subtree recursively instead
    }
  }

  void take_all(std::vector<expression>& children) noexcept {
    for (expression& child : children) {
      try {
        pending_.push_back(std::make_unique<expression>(std::move(child)));
      } catch (const std::bad_alloc&) {
        break;  // the rest goes with the vector, recursively
      }
    }
    children.clear();
  }

  bool empty() const noexcept { return pending_.empty(); }

  std::unique_ptr<expression> next() noexcept {
    std::unique_ptr<expression> e = std::move(pending_.back());
    pending_.pop_back();
    return e;
  }

 private:
  std::vector<std::unique_ptr<expression>> pending_;
};

}  // namespace

void destroy_iteratively(std::unique_ptr<expression>& tree) noexcept {
  // A leaf (a literal, a name, %n: the operands of most operations) has no subtree to set
  // aside, so it needs no list: freeing it is one delete.
  if (tree && (std::holds_alternative<natural_literal>(tree->node) ||
               std::holds_alternative<name_reference>(tree->node) ||
               std::holds_alternative<omega_literal>(tree->node) ||
               std::holds_alternative<boolean_literal>(tree->node) ||
               std::holds_alternative<string_literal>(tree->node) ||
               std::holds_alternative<result_reference>(tree->node))) {
    tree.reset();
    return;
  }
  pending_subtrees pending;
  pending.take(tree);
  while (!pending.empty()) {
    std::unique_ptr<expression> e = pending.next();
    std::visit(
        [&](auto& content) {
          using type = std::decay_t<decltype(content)>;
          if constexpr (std::is_same_v<type, binary_operation> || std::is_same_v<type, equation>) {
            pending.take(content.left.pointer_);
            pending.take(content.right.pointer_);
          } else if constexpr (std::is_same_v<type, unary_operation> ||
                               std::is_same_v<type, star_decoration>) {
            pending.take(content.operand.pointer_);
          } else if constexpr (std::is_same_v<type, bracket_expression>) {
            pending.take(content.inner.pointer_);
          } else if constexpr (std::is_same_v<type, list_expression>) {
            pending.take_all(content.elements);
          } else if constexpr (std::is_same_v<type, function_call>) {
            pending.take_all(content.arguments);
          } else if constexpr (std::is_same_v<type, range_expression>) {
            pending.take(content.first.pointer_);
            pending.take(content.last.pointer_);
          } else if constexpr (std::is_same_v<type, index_expression>) {
            pending.take(content.list.pointer_);
            pending.take(content.index.pointer_);
          } else if constexpr (std::is_same_v<type, comprehension>) {
            pending.take(content.element.pointer_);
            pending.take(content.source.pointer_);
            if (content.condition) pending.take(content.condition->pointer_);
          }
        },
        e->node);
  }  // each `e` is freed here, with empty boxes and vectors
}

}  // namespace on2::parser
