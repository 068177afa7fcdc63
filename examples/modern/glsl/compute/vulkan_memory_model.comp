#version 460
// The Vulkan memory model: scoped atomics with acquire/release semantics (GL_KHR_memory_scope_semantics).
#pragma use_vulkan_memory_model
#extension GL_KHR_memory_scope_semantics : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Flags { uint ready; uint data[]; } buf;
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i == 0u) {
    buf.data[0] = 42u;
    atomicStore(buf.ready, 1u, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelease | gl_SemanticsMakeAvailable);
  } else {
    uint r = atomicLoad(buf.ready, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsAcquire | gl_SemanticsMakeVisible);
    if (r == 1u) {
      buf.data[i] = buf.data[0] + i;
    }
  }
  controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquireRelease);
}
