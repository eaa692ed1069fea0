/* The baseline of the statement-path benchmark (issue 19, tests/bench/statement_path_vs_c.sh):
 * Library Checker's nim_product_64 as a competitive programmer solves it, a standalone C program
 * sharing nothing with on2. It reads decimal numbers from stdin (everything else separates them,
 * so it reads the on2 script `a * b` lines as they are), takes them two at a time and prints each
 * nim product on a line of its own. Pieces of 16 bits multiply in GF(2^16) through discrete
 * log/exp tables; the pieces combine by the Karatsuba shape of docs/spec/arithmetic.md §2:
 * (a1·F + a0) ⊗ (b1·F + b0) = ((a0⊕a1)⊗(b0⊕b1) ⊕ a0⊗b0)·F ⊕ a0⊗b0 ⊕ (a1⊗b1)⊗(F/2), since
 * F ⊗ F = F ⊕ F/2 for a Fermat 2-power F.
 *
 * `nim_product_64 --generate N SEED` writes N lines `a * b` of 64-bit numbers from splitmix64
 * (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014), so that
 * the benchmark's input is the same on every machine. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ORDER 65535u              /* |GF(2^16)^×| = 3·5·17·257 */
#define ZERO_LOG (3u * ORDER)     /* log 0: any sum with it lands in the zero tail of exp */
static uint32_t log_table[65536];
static uint16_t exp_table[2 * ZERO_LOG + ORDER];
static uint32_t log_half16;         /* log 2^15 */
static uint32_t log_half16_squared; /* log (2^15 ⊗ 2^15) */

/* The nim product of a, b < 2^(2·half) by the rule above, recursively (only to build tables). */
static uint32_t slow_mul(uint32_t a, uint32_t b, unsigned half) {
  if (half == 0) return a & b;
  const uint32_t mask = (1u << half) - 1;
  const uint32_t a0 = a & mask, a1 = a >> half, b0 = b & mask, b1 = b >> half;
  const uint32_t c0 = slow_mul(a0, b0, half / 2);
  const uint32_t c2 = slow_mul(a1, b1, half / 2);
  const uint32_t c12 = slow_mul(a0 ^ a1, b0 ^ b1, half / 2);
  return ((c12 ^ c0) << half) ^ c0 ^ slow_mul(c2, 1u << (half - 1), half / 2);
}

static uint32_t slow_power(uint32_t g, uint32_t e) {
  uint32_t r = 1;
  for (; e != 0; e >>= 1) {
    if (e & 1) r = slow_mul(r, g, 8);
    g = slow_mul(g, g, 8);
  }
  return r;
}

static void build_tables(void) {
  static const uint32_t primes[4] = {3, 5, 17, 257};
  uint32_t g = 2;
  for (;; ++g) {
    int primitive = 1;
    for (int i = 0; i < 4; ++i) primitive &= slow_power(g, ORDER / primes[i]) != 1;
    if (primitive) break;
  }
  for (uint32_t i = 0; i < 65536; ++i) log_table[i] = ZERO_LOG;
  uint32_t p = 1;
  for (uint32_t i = 0; i < ORDER; ++i) {
    log_table[p] = i;
    exp_table[i] = exp_table[i + ORDER] = exp_table[i + 2 * ORDER] = (uint16_t)p;
    p = slow_mul(p, g, 8);
  }
  log_half16 = log_table[0x8000];
  log_half16_squared = (2 * log_half16) % ORDER;
}

static inline uint32_t mul16(uint32_t a, uint32_t b) { return exp_table[log_table[a] + log_table[b]]; }

static inline uint32_t mul32(uint32_t a, uint32_t b) {
  const uint32_t a0 = a & 0xffff, a1 = a >> 16, b0 = b & 0xffff, b1 = b >> 16;
  const uint32_t c0 = mul16(a0, b0), c12 = mul16(a0 ^ a1, b0 ^ b1);
  return ((c12 ^ c0) << 16) ^ c0 ^ exp_table[log_table[a1] + log_table[b1] + log_half16];
}

/* x ⊗ 2^31 for x < 2^32, with 2^31 = 2^16 ⊗ 2^15. */
static inline uint32_t times_half32(uint32_t x) {
  const uint32_t x0 = x & 0xffff, x1 = x >> 16;
  return ((uint32_t)exp_table[log_table[x0 ^ x1] + log_half16] << 16) ^
         exp_table[log_table[x1] + log_half16_squared];
}

static inline uint64_t mul64(uint64_t a, uint64_t b) {
  const uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
  const uint32_t c0 = mul32(a0, b0), c2 = mul32(a1, b1), c12 = mul32(a0 ^ a1, b0 ^ b1);
  return ((uint64_t)(c12 ^ c0) << 32) ^ c0 ^ times_half32(c2);
}

static uint64_t splitmix64(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

int main(int argc, char** argv) {
  if (argc == 4 && strcmp(argv[1], "--generate") == 0) {
    const unsigned long long count = strtoull(argv[2], NULL, 10);
    uint64_t state = strtoull(argv[3], NULL, 10);
    for (unsigned long long i = 0; i < count; ++i) {
      const unsigned long long a = splitmix64(&state), b = splitmix64(&state);
      printf("%llu * %llu\n", a, b);
    }
    return 0;
  }
  build_tables();
  size_t size = 0, capacity = 1 << 20;
  char* in = malloc(capacity);
  for (size_t got; in != NULL && (got = fread(in + size, 1, capacity - size, stdin)) > 0;) {
    size += got;
    if (size == capacity) in = realloc(in, capacity *= 2);
  }
  if (in == NULL) return 1;
  static char out[1 << 16];
  size_t written = 0, i = 0;
  while (1) {
    uint64_t operands[2];
    int k = 0;
    for (; k < 2; ++k) {
      while (i < size && (in[i] < '0' || in[i] > '9')) ++i;
      if (i == size) break;
      uint64_t v = 0;
      while (i < size && in[i] >= '0' && in[i] <= '9') v = v * 10 + (uint64_t)(in[i++] - '0');
      operands[k] = v;
    }
    if (k < 2) break;
    uint64_t p = mul64(operands[0], operands[1]);
    char digits[20];
    int n = 0;
    do digits[n++] = (char)('0' + p % 10); while ((p /= 10) != 0);
    while (n > 0) out[written++] = digits[--n];
    out[written++] = '\n';
    if (written > sizeof out - 32) {
      fwrite(out, 1, written, stdout);
      written = 0;
    }
  }
  fwrite(out, 1, written, stdout);
  return 0;
}
