// The limb arithmetic of every kernel path (cas/src/kernels/limb_recursion.hpp, a white-box test)
// on arrays that end, or begin, at an inaccessible page: an operation that reads or writes one word
// outside its operands, its output or its scratch crashes here, with or without a sanitizer.
// Regression: the AVX-512 square of 16 limbs (nimbers of 513 to 1024 bits) read 32 bytes past
// its output (`[2^512]^2` under ASan).
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/finite/nimber.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/kernel_paths.hpp"
#include "kernels/limb_recursion.hpp"
#include "test_support.hpp"

namespace {

using cas::detail::limb;

// `count` limbs flush against a PROT_NONE page after them (at_end) or before them, with a
// PROT_NONE page on the other side too. The limbs stay 64-byte aligned, as allocate_limbs' are.
class guarded_limbs {
 public:
  guarded_limbs(std::size_t count, bool at_end) : count_(count) {
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t data_pages = (count * sizeof(limb) + page - 1) / page;
    length_ = (data_pages + 2) * page;
    void* mapping = mmap(nullptr, length_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping == MAP_FAILED) throw std::runtime_error("mmap failed");
    base_ = static_cast<unsigned char*>(mapping);
    if (mprotect(base_ + page, data_pages * page, PROT_READ | PROT_WRITE) != 0) {
      munmap(base_, length_);
      throw std::runtime_error("mprotect failed");
    }
    unsigned char* data_end = base_ + page + data_pages * page;
    data_ =
        at_end ? reinterpret_cast<limb*>(data_end) - count : reinterpret_cast<limb*>(base_ + page);
  }
  ~guarded_limbs() { munmap(base_, length_); }
  guarded_limbs(const guarded_limbs&) = delete;
  guarded_limbs& operator=(const guarded_limbs&) = delete;

  limb* get() const { return data_; }
  void assign(const std::vector<limb>& values) const {
    std::memcpy(data_, values.data(), count_ * sizeof(limb));
  }
  std::vector<limb> values() const { return {data_, data_ + count_}; }

 private:
  std::size_t count_;
  std::size_t length_ = 0;
  unsigned char* base_ = nullptr;
  limb* data_ = nullptr;
};

struct named_arithmetic {
  std::string name;
  const cas::detail::limb_arithmetic* arithmetic;
};

std::vector<named_arithmetic> available_arithmetics() {
  std::vector<named_arithmetic> paths = {{"tower", &cas::detail::tower_limb_arithmetic()}};
  if (cas::detail::clmul_supported()) {
    paths.push_back({"clmul", &cas::detail::clmul_limb_arithmetic()});
  }
  if (cas::detail::avx512_batch_supported()) {
    paths.push_back({"avx512", &cas::detail::avx512_limb_arithmetic()});
  }
  return paths;
}

std::vector<limb> random_limbs(std::mt19937_64& engine, std::size_t n) {
  std::vector<limb> limbs(n);
  for (limb& x : limbs) x = engine();
  return limbs;
}

// The results of every operation of an arithmetic on a (n limbs), each run with all its arrays
// guarded on one side.
struct guarded_results {
  std::vector<limb> square, product, inverse, root;
};
guarded_results run_guarded(const cas::detail::limb_arithmetic& arithmetic,
                            const std::vector<limb>& a, bool at_end) {
  const std::size_t n = a.size();
  const cas::context& ctx = cas::default_context();
  const guarded_limbs input(n, at_end), second_input(n, at_end), out(n, at_end);
  const guarded_limbs scratch(cas::detail::scratch_limbs(n), at_end);
  guarded_results results;
  input.assign(a);  // the operations turn their inputs into the leaf basis in place
  arithmetic.square(input.get(), out.get(), n, scratch.get(), ctx);
  results.square = out.values();
  input.assign(a);
  second_input.assign(a);
  arithmetic.mul(input.get(), n, second_input.get(), n, out.get(), scratch.get(), ctx);
  results.product = out.values();
  input.assign(a);
  arithmetic.inverse(input.get(), out.get(), n, scratch.get(), ctx);
  results.inverse = out.values();
  input.assign(a);
  arithmetic.sqrt(input.get(), out.get(), n, scratch.get(), ctx);
  results.root = out.values();
  return results;
}

TEST(LimbArithmeticBounds, EveryOperationStaysInsideItsArrays) {
  constexpr std::uint64_t seed = 20261201;
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 engine(seed);
  // 16 limbs is the smallest AVX-512 block; 256 the first square whose five lowest levels run
  // in registers; 2048 a square and inverse above the largest product block.
  for (const std::size_t n : {1, 2, 4, 8, 16, 32, 64, 128, 256, 2048}) {
    std::vector<limb> a = random_limbs(engine, n);
    a[0] |= 1;  // nonzero, for the inverse
    const guarded_results reference = run_guarded(cas::detail::tower_limb_arithmetic(), a, true);
    for (const named_arithmetic& path : available_arithmetics()) {
      for (const bool at_end : {true, false}) {
        SCOPED_TRACE(path.name + ", " + std::to_string(n) + " limbs, guard " +
                     (at_end ? "after" : "before"));
        const guarded_results results = run_guarded(*path.arithmetic, a, at_end);
        EXPECT_EQ(results.square, reference.square);
        EXPECT_EQ(results.product, reference.product);
        EXPECT_EQ(results.inverse, reference.inverse);
        EXPECT_EQ(results.root, reference.root);
      }
    }
    EXPECT_EQ(reference.square, reference.product) << n << " limbs";
  }
}

// Through the public functions on the active path: the squares of nimbers of 513 to 1024 bits
// (padded to 16 limbs) against their products by themselves.
TEST(LimbArithmeticBounds, SquaresOfSixteenLimbNimbersEqualTheProducts) {
  constexpr std::uint64_t seed = 20261202;
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 engine(seed);
  for (const std::size_t bits : {513, 600, 777, 1000, 1023, 1024}) {
    std::vector<limb> limbs = random_limbs(engine, (bits + 63) / 64);
    if (bits % 64 != 0) limbs.back() &= (limb{1} << (bits % 64)) - 1;
    limbs.back() |= limb{1} << ((bits - 1) % 64);  // exactly `bits` bits
    const cas::nimber a = cas::nimber::from_limbs(limbs);
    EXPECT_EQ(cas::nim_square(a), cas::nim_mul(a, a)) << bits << " bits";
  }
  const cas::nimber two_to_512 =
      cas::nimber::from_limbs(std::vector<limb>{0, 0, 0, 0, 0, 0, 0, 0, 1});
  EXPECT_EQ(cas::nim_square(two_to_512), cas::nim_mul(two_to_512, two_to_512));
}

}  // namespace
