#include "gp_subprocess.hpp"

#include <unistd.h>

#include <cstdio>
#include <fstream>

namespace on2_bench {

double gp_script_number(const std::string& name, const std::string& script) {
  const std::string script_path =
      "/tmp/on2_" + name + "_" + std::to_string(static_cast<long>(getpid())) + ".gp";
  {
    std::ofstream file(script_path);
    file << script;
  }
  const std::string command = "gp -q -f " + script_path + " < /dev/null 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    std::remove(script_path.c_str());
    return -1;
  }
  char line[256] = {};
  const bool got = std::fgets(line, sizeof line, pipe) != nullptr;
  const int status = pclose(pipe);
  std::remove(script_path.c_str());
  if (!got || status != 0) return -1;
  try {
    return std::stod(line);
  } catch (const std::exception&) {
    return -1;
  }
}

}  // namespace on2_bench
