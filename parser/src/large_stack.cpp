#include "large_stack.hpp"

#include <pthread.h>

#include <exception>

namespace on2::parser::detail {
namespace {

struct job {
  const std::function<void()>* work;
  std::exception_ptr failure;
};

void* run_job(void* argument) {
  auto* j = static_cast<job*>(argument);
  try {
    (*j->work)();
  } catch (...) {
    j->failure = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void run_with_large_stack(const std::function<void()>& work, std::size_t stack_bytes) {
  job j{&work, nullptr};
  pthread_attr_t attributes;
  bool started = false;
  pthread_t thread{};
  if (pthread_attr_init(&attributes) == 0) {
    if (pthread_attr_setstacksize(&attributes, stack_bytes) == 0)
      started = pthread_create(&thread, &attributes, run_job, &j) == 0;
    pthread_attr_destroy(&attributes);
  }
  if (!started) {
    work();
    return;
  }
  pthread_join(thread, nullptr);
  if (j.failure) std::rethrow_exception(j.failure);
}

}  // namespace on2::parser::detail
