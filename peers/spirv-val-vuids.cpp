// Prints every VUID in spirv-val's own id-to-VUID table, ValidationState_t::VkErrorID,
// by calling that function of the installed libSPIRV-Tools.a for every id below 100000.
// Build and run with regenerate.sh; see README.md for why this is the evidence used.
#include <cstdint>
#include <cstdio>
#include <string>

#include "spirv-tools/libspirv.h"

namespace spvtools {
namespace val {
// Only the one member function is declared; its definition comes from libSPIRV-Tools.a.
class ValidationState_t {
 public:
  std::string VkErrorID(uint32_t id, const char* reference = nullptr) const;
};
}  // namespace val
}  // namespace spvtools

int main() {
  // VkErrorID reads nothing of the object but this->context_->target_env (its first
  // member), and returns "" outside Vulkan environments; give it just that.
  static spv_target_env env = SPV_ENV_VULKAN_1_3;
  static const void* object[64] = {&env};
  auto* state = reinterpret_cast<const spvtools::val::ValidationState_t*>(object);
  for (uint32_t id = 0; id < 100000; ++id) {
    std::string s = state->VkErrorID(id);
    if (!s.empty()) std::printf("%s\n", s.c_str());
  }
  return 0;
}
