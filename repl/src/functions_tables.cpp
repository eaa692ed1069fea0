// Tables, field checks, pictures and explanations (docs/spec/language.md "Tables", "Exploring"):
// thin calls into cas/field_axioms, field_tables, heat_map and product_explanation; this file only
// reads arguments and writes the files (pictures through heat_map_picture.hpp).
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>

#include "cas/explore/field_axioms.hpp"
#include "cas/explore/field_tables.hpp"
#include "cas/explore/heat_map.hpp"
#include "cas/explore/product_explanation.hpp"
#include "function_groups.hpp"
#include "heat_map_picture.hpp"

namespace on2 {

namespace {

using args = function_arguments;

bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() > suffix.size() && text.ends_with(suffix);
}

const std::string& string_argument(const args& a, std::size_t i) {
  if (!a[i].is_string()) {
    a.fail(i, error_kind::type,
           a.function_name() + " needs " + a.parameter_name(i) + " to be a string, not " +
               std::string(kind_name(a[i])) + ".");
  }
  return a[i].as_string();
}

// An output file, opened on first use: the checks that may refuse come first, so a refused
// table leaves no empty file behind. I/O failures are usage errors (exit code 4).
class output_file {
 public:
  output_file(const args& a, std::size_t index) : args_(a), index_(index) {}

  std::ofstream& stream() {
    if (!out_) {
      const std::string& path = args_[index_].as_string();
      out_.emplace(path, std::ios::binary);
      if (!*out_) fail("cannot be opened for writing");
    }
    return *out_;
  }

  void close() {
    stream().close();
    if (!*out_) fail("could not be written completely");
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    const int error_number = errno;
    args_.fail(index_, error_kind::usage,
               "The file \"" + args_[index_].as_string() + "\" " + what +
                   (error_number != 0 ? ": " + std::string(std::strerror(error_number)) : "") +
                   ".");
  }

  const args& args_;
  std::size_t index_;
  std::optional<std::ofstream> out_;
};

value table(const args& a) {
  const std::uint64_t n = a.small_natural(0);
  if (a.size() == 1) return value::report(cas::field_tables_text(n, a.context()));
  const std::string& how = string_argument(a, 1);
  if (how == "mex") return value::report(cas::compare_mex_tables(n, a.context()).to_text());
  if (!ends_with(how, ".csv")) {
    a.fail(1, error_kind::usage,
           "table(n, s) needs s to be \"mex\" or the name of a file ending in .csv.",
           "Signature: table(n), table(n, \"mex\"), table(n, \"file.csv\").");
  }
  output_file file(a, 1);
  std::uint64_t lines = 0;
  cas::for_each_csv_line(
      n,
      [&](std::string_view line) {
        file.stream() << line << '\n';
        ++lines;
      },
      a.context());
  file.close();
  return value::report("Wrote the addition and multiplication tables of the nimbers below " +
                       std::to_string(n) + " to " + how + ": " + std::to_string(lines) +
                       " lines, a,b,nim_sum,nim_product.\n");
}

// plot(n, file), plot(n, file, view), plot(n, file, "product", a, b): the heat map of a view,
// as PNG or SVG by the file's extension.
value plot(const args& a) {
  const std::uint64_t n = a.small_natural(0);
  const std::string& path = string_argument(a, 1);
  const bool png = ends_with(path, ".png");
  if (!png && !ends_with(path, ".svg")) {
    a.fail(1, error_kind::usage,
           "plot(n, file) writes PNG or SVG: the file name must end in .png or .svg.");
  }
  const std::string view = a.size() >= 3 ? string_argument(a, 2) : std::string("product");
  if (view != "product" && view != "order" && view != "log") {
    a.fail(2, error_kind::usage,
           "plot(n, file, view) draws the view \"product\", \"order\" or \"log\", not \"" + view +
               "\".",
           "Signature: plot(n, \"file.png\"), plot(n, \"file.svg\", view), plot(n, file, "
           "\"product\", a, b).");
  }
  if (a.size() > 3 && view != "product") {
    a.fail(3, error_kind::usage,
           "Only the view \"product\" takes a window's first a and b; \"" + view +
               "\" shows every element.");
  }
  if (a.size() == 4) {
    a.fail(3, error_kind::usage, "plot(n, file, \"product\", a, b) needs both a and b.");
  }
  const cas::heat_map map =
      view == "order" ? cas::order_heat_map(n, a.context())
      : view == "log" ? cas::log_heat_map(n, a.context())
                      : cas::product_heat_map(n, a.size() == 5 ? a.small_natural(3) : 0,
                                              a.size() == 5 ? a.small_natural(4) : 0, a.context());
  const heat_map_layout layout = lay_out(map);
  const std::string bytes =
      png ? png_encode(draw_heat_map(map, layout)) : heat_map_svg(map, layout);
  output_file file(a, 1);
  file.stream() << bytes;
  file.close();
  return value::report("Drew \"" + map.title + "\" in " + path + ": " +
                       std::to_string(map.row_count) + "×" + std::to_string(map.column_count) +
                       " cells, " + std::to_string(layout.width) + "×" +
                       std::to_string(layout.height) + " pixels.\n");
}

}  // namespace

void add_table_functions(std::vector<function_entry>& r) {
  r.push_back(
      {"table",
       1,
       2,
       "table(n), table(n, \"mex\"), table(n, \"file.csv\")",
       "the addition and multiplication tables of the nimbers below n, a field size (2, "
       "4, 16, 256; files up to 65536): as text, from the mex definitions compared with "
       "the fast product, or as CSV",
       {"table(2)", "⊕ | 0 1\n--+----\n0 | 0 1\n1 | 1 0\n\n⊗ | 0 1\n--+----\n0 | 0 0\n1 | 0 1"},
       table});
  r.push_back({"check",
               1,
               1,
               "check(n)",
               "checks every field axiom for the nimbers below n (n ≤ 65536) and reports what was "
               "checked, how many cases and the time; a non-field n is refused with a witness",
               {"check(2)",
                "The nimbers below 2 form a field, GF(2^1); checked exhaustively:\n"
                "  closure under ⊕: a ⊕ b < 2, all 4 pairs (a, b)\n"
                "  closure under ⊗: a ⊗ b < 2, all 4 pairs (a, b)\n"
                "  commutativity: a ⊗ b = b ⊗ a (and a ⊕ b = b ⊕ a), all 4 pairs (a, b)\n"
                "  associativity: (a ⊗ b) ⊗ c = a ⊗ (b ⊗ c) (and the same for ⊕), all 8 triples "
                "(a, b, c)\n"
                "  distributivity: a ⊗ (b ⊕ c) = a ⊗ b ⊕ a ⊗ c, all 8 triples (a, b, c)\n"
                "  inverses: a ⊗ b = 1 for some b, all 1 non-zero a (found by searching a's row "
                "of the table)\n"
                "Time: 0.00 s."},
               [](const args& a) {
                 return value::report(cas::check_field(a.small_natural(0), a.context()).to_text() +
                                      "\n");
               }});
  r.push_back({"plot",
               2,
               5,
               "plot(n, \"file.png\"), plot(n, \"file.svg\", view), plot(n, file, \"product\", a, "
               "b)",
               "draws a heat map of the field of the nimbers below n (a field size up to 65536) "
               "as PNG or SVG, with title, axes and legend; view \"product\" (the default): the "
               "products a ⊗ b, above 256 the 256×256 block from (a, b), default (0, 0); "
               "\"order\": the multiplicative order of each element; \"log\": its discrete "
               "logarithm to the least primitive element",
               {"plot(4, \"/tmp/on2_plot_example.svg\")",
                "Drew \"Nim products a ⊗ b of the nimbers a, b below 4\" in "
                "/tmp/on2_plot_example.svg: 4×4 cells, 650×656 pixels."},
               plot});
  r.push_back({"explain",
               2,
               2,
               "explain(a, b)",
               "how a ⊗ b comes out: the mex derivation for finite a, b below 32, the Fermat "
               "rules (F ⊗ F = F ⊕ F/2) for larger finite ones below 2^128; κ digits, carries "
               "and α_p substitutions when one is transfinite",
               {"explain(1, 1)",
                "1 ⊗ 1 = mex{a' ⊗ 1 ⊕ 1 ⊗ b' ⊕ a' ⊗ b' : a' < 1, b' < 1}\n"
                "  a' = 0, b' = 0:  0 ⊗ 1 ⊕ 1 ⊗ 0 ⊕ 0 ⊗ 0 = 0 ⊕ 0 ⊕ 0 = 0\n"
                "excluded: {0}\n"
                "least survivor: 1, so 1 ⊗ 1 = 1"},
               [](const args& a) {
                 return value::report(cas::explain_product(a.nimber(0), a.nimber(1), a.context()));
               }});
  r.push_back({"kappas",
               1,
               1,
               "kappas(a)",
               "the κ decomposition of a, term by term: each Cantor term [ω^β·c] as c times κ's "
               "from the digits of β",
               {"kappas([ω^4·3] + ω)",
                "[ω^4·3 + ω] = 3 ⊗ κ_9 ⊗ κ_3 ⊕ κ_3\n"
                "  [ω^4·3] = 3 ⊗ κ_9 ⊗ κ_3   (b_0 = 4 = (11) in base 3)\n"
                "  ω = κ_3   (b_0 = 1 = (1) in base 3)\n"
                "where κ_9 = [ω^3], κ_3 = ω"},
               [](const args& a) {
                 return value::report(cas::kappa_decomposition_text(a.nimber(0), a.context()));
               }});
}

}  // namespace on2
