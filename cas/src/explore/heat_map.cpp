#include "cas/explore/heat_map.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "cas/core/error.hpp"
#include "cas/explore/field_axioms.hpp"
#include "cas/kernels/nimber_kernels.hpp"

namespace cas {
namespace {

using u64 = std::uint64_t;

constexpr u64 max_window_side = 256;
constexpr u64 largest_field = 65536;  // the 16-bit kernel's products; tables of n entries
constexpr u64 colour_bar_swatches = 32;

// Viridis at 0, 1/8, …, 1 (matplotlib's map, rounded to 8 bits).
constexpr std::array<rgb, 9> anchors = {{{68, 1, 84},
                                         {71, 45, 123},
                                         {59, 82, 139},
                                         {44, 114, 142},
                                         {33, 145, 140},
                                         {40, 174, 128},
                                         {94, 201, 98},
                                         {173, 220, 48},
                                         {253, 231, 37}}};

std::uint8_t mix(std::uint8_t from, std::uint8_t to, double t) {
  return static_cast<std::uint8_t>(from + (to - from) * t + 0.5);
}

u64 product(u64 a, u64 b) {
  return nim_mul16(static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b));
}

std::string number(u64 v) {
  return std::to_string(v);
}

// The nimbers below n form a field exactly when n is a Fermat 2-power 2^(2^k)
// (docs/spec/arithmetic.md §2.1). Those are drawn at once; any other n goes to require_field, which
// refuses it with a witness (a closure failure, found among the first pairs).
void require_field_size(u64 n, const context& ctx) {
  ctx.check_limit(n, ctx.limits().max_table_file_size, "The size of a plotted table",
                  "max_table_file_size");
  if (n > largest_field) {
    throw limit_error(
        "The pictures of plot reach the field of the nimbers below 65536, GF(2^16); " + number(n) +
        " is larger.");
  }
  for (u64 f = 2; f <= n; f *= f) {
    if (f == n) return;
    if (f > n / f) break;
  }
  require_field(n, ctx);
}

// log2 of n = 2^(2^k): the field is GF(2^bits).
u64 field_bits(u64 n) {
  u64 bits = 0;
  while ((u64{1} << bits) < n) ++bits;
  return bits;
}

// 32 swatches from 0 to largest, the ends and the quarters labelled.
std::vector<heat_map_legend_entry> colour_bar(u64 largest, u64 scale) {
  std::vector<heat_map_legend_entry> legend;
  for (u64 k = 0; k < colour_bar_swatches; ++k) {
    const u64 v = largest * k / (colour_bar_swatches - 1);
    const bool labelled = k % (colour_bar_swatches / 4) == 0 || k == colour_bar_swatches - 1;
    legend.push_back({heat_colour(v, scale), labelled ? number(v) : std::string()});
  }
  return legend;
}

// The discrete logarithms of the nimbers below n (n ≤ 65536) to the least primitive element g:
// log[g^k] = k for k < n − 1 (log[0] unused). A primitive element has g^((n−1)/p) ≠ 1 for every
// prime p dividing n − 1.
struct logarithms {
  u64 generator = 1;
  std::vector<u64> log;
};

u64 power(u64 a, u64 e) {
  u64 result = 1;
  for (; e > 0; e >>= 1) {
    if (e & 1) result = product(result, a);
    a = product(a, a);
  }
  return result;
}

logarithms logarithms_below(u64 n, const context& ctx) {
  const u64 group = n - 1;
  std::vector<u64> primes;
  for (u64 m = group, p = 2; m > 1; ++p) {
    if (p * p > m) p = m;
    if (m % p != 0) continue;
    primes.push_back(p);
    while (m % p == 0) m /= p;
  }
  logarithms out;
  for (u64 g = 1; g < n; ++g) {
    if (std::all_of(primes.begin(), primes.end(),
                    [&](u64 p) { return power(g, group / p) != 1; })) {
      out.generator = g;
      break;
    }
  }
  out.log.assign(n, 0);
  u64 x = 1;
  for (u64 k = 0; k < group; ++k) {
    if (k % 4096 == 0) ctx.poll();
    out.log[x] = k;
    x = product(x, out.generator);
  }
  return out;
}

// The square layout of the elements a < n: side columns, a = side·row + column.
heat_map element_map(u64 n) {
  heat_map map;
  const u64 bits = field_bits(n);
  map.column_count = u64{1} << ((bits + 1) / 2);
  map.row_count = n / map.column_count;
  map.rows = {"row = a div " + number(map.column_count), 0, 1};
  map.columns = {"column = a mod " + number(map.column_count), 0, 1};
  map.values.assign(n, heat_map::no_value);
  map.colours.assign(n, blank_colour());
  return map;
}

std::string field_name(u64 n) {
  return "GF(2^" + number(field_bits(n)) + ") (the nimbers below " + number(n) + ")";
}

std::string layout_sentence(const heat_map& map) {
  return "at row a div " + number(map.column_count) + " and column a mod " +
         number(map.column_count);
}

}  // namespace

rgb heat_colour(std::uint64_t value, std::uint64_t n) {
  const double position = static_cast<double>(value) / static_cast<double>(n - 1) * 8.0;
  const auto index = static_cast<std::size_t>(position >= 8.0 ? 7.0 : position);
  const double t = position - static_cast<double>(index);
  const rgb& from = anchors[index];
  const rgb& to = anchors[index + 1];
  return {mix(from.red, to.red, t), mix(from.green, to.green, t), mix(from.blue, to.blue, t)};
}

std::string hex_colour(rgb colour) {
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", colour.red, colour.green, colour.blue);
  return text;
}

rgb category_colour(std::uint64_t index, std::uint64_t count) {
  // Hue index/count of the circle at saturation 0.7 and value 0.85 (the HSV model), the even
  // indices first and the odd ones after, so that neighbours in the list differ most.
  const u64 half = (count + 1) / 2;
  const u64 slot = index % 2 == 0 ? index / 2 : half + index / 2;
  const double hue = 6.0 * static_cast<double>(slot) / static_cast<double>(count);
  const double value = 0.85, chroma = value * 0.7;
  const double x = chroma * (1.0 - std::abs(std::fmod(hue, 2.0) - 1.0));
  double r = 0, g = 0, b = 0;
  switch (static_cast<int>(hue)) {
    case 0:
      r = chroma, g = x;
      break;
    case 1:
      r = x, g = chroma;
      break;
    case 2:
      g = chroma, b = x;
      break;
    case 3:
      g = x, b = chroma;
      break;
    case 4:
      r = x, b = chroma;
      break;
    default:
      r = chroma, b = x;
      break;
  }
  const double m = value - chroma;
  const auto byte = [m](double c) { return static_cast<std::uint8_t>((c + m) * 255.0 + 0.5); };
  return {byte(r), byte(g), byte(b)};
}

rgb blank_colour() {
  return {200, 200, 200};
}

std::uint64_t product_window_side(std::uint64_t n) {
  return std::min(n, max_window_side);
}

heat_map product_heat_map(std::uint64_t n, std::uint64_t first_a, std::uint64_t first_b,
                          const context& ctx) {
  require_field_size(n, ctx);
  const u64 side = product_window_side(n);
  if (first_a > n - side || first_b > n - side) {
    throw math_error("The " + number(side) + "×" + number(side) +
                     " window at a = " + number(first_a) + ", b = " + number(first_b) +
                     " does not lie inside the table of the nimbers below " + number(n) +
                     ": a and b must start at most at " + number(n - side) + ".");
  }
  heat_map map;
  map.row_count = map.column_count = side;
  map.rows = {"a", first_a, 1};
  map.columns = {"b", first_b, 1};
  map.values.reserve(side * side);
  u64 largest = 0;
  for (u64 i = 0; i < side; ++i) {
    ctx.poll();
    for (u64 j = 0; j < side; ++j) {
      map.values.push_back(product(first_a + i, first_b + j));
      largest = std::max(largest, map.values.back());
    }
  }
  const u64 scale = std::max<u64>(largest + 1, 2);
  map.colours.reserve(map.values.size());
  for (const u64 v : map.values) map.colours.push_back(heat_colour(v, scale));
  if (side == n) {
    map.title = "Nim products a ⊗ b of the nimbers a, b below " + number(n);
  } else {
    map.title = "Nim products a ⊗ b for " + number(first_a) + " ≤ a < " + number(first_a + side) +
                " and " + number(first_b) + " ≤ b < " + number(first_b + side) + ": " +
                (first_a == 0 && first_b == 0 ? "the top-left " : "a ") + number(side) + "×" +
                number(side) + " block of the table below " + number(n);
    if (first_a == 0 && first_b == 0) map.title += ", the table of the subfield GF(2^8)";
  }
  map.legend_title = "a ⊗ b";
  map.legend = colour_bar(largest, scale);
  return map;
}

heat_map order_heat_map(std::uint64_t n, const context& ctx) {
  require_field_size(n, ctx);
  const logarithms logs = logarithms_below(n, ctx);
  const u64 group = n - 1;
  std::vector<u64> divisors;
  for (u64 d = 1; d <= group; ++d) {
    if (group % d == 0) divisors.push_back(d);
  }
  std::vector<u64> count(divisors.size(), 0);
  heat_map map = element_map(n);
  for (u64 a = 1; a < n; ++a) {
    if (a % 4096 == 0) ctx.poll();
    // ord(g^k) = (n − 1) / gcd(k, n − 1).
    const u64 order = group / std::gcd(logs.log[a], group);
    const auto rank = static_cast<u64>(std::lower_bound(divisors.begin(), divisors.end(), order) -
                                       divisors.begin());
    map.values[a] = order;
    map.colours[a] = category_colour(rank, divisors.size());
    ++count[rank];
  }
  map.title = "Multiplicative order of each element a of " + field_name(n) + ", " +
              layout_sentence(map) + " (0, which has none, in grey)";
  map.legend_title = "order: elements";
  map.colour_bar = false;
  for (std::size_t r = 0; r < divisors.size(); ++r) {
    map.legend.push_back(
        {category_colour(r, divisors.size()), number(divisors[r]) + ": " + number(count[r])});
  }
  return map;
}

heat_map log_heat_map(std::uint64_t n, const context& ctx) {
  require_field_size(n, ctx);
  const logarithms logs = logarithms_below(n, ctx);
  const u64 scale = std::max<u64>(n - 1, 2);
  heat_map map = element_map(n);
  for (u64 a = 1; a < n; ++a) {
    map.values[a] = logs.log[a];
    map.colours[a] = heat_colour(logs.log[a], scale);
  }
  map.title = "Discrete logarithm log_g(a) of each element a ≠ 0 of " + field_name(n) +
              " to the base g = " + number(logs.generator) + ", the least primitive element, " +
              layout_sentence(map) + " (0 in grey)";
  map.legend_title = "log_g(a)";
  map.legend = colour_bar(n - 2, scale);
  return map;
}

}  // namespace cas
