#version 450
// Message passing with the Vulkan memory model (VulkanMemoryModel): release/acquire atomics
// with explicit scopes and semantics; availability and visibility come from the semantics
// (MakeAvailable/MakeVisible), since the Coherent decoration is not allowed in this model.
#extension GL_KHR_memory_scope_semantics : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) buffer Payload { uint payload[]; };
layout(set = 0, binding = 1, std430) buffer Flags { uint flags[]; };

shared uint ready;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (gl_LocalInvocationIndex == 0u) {
        atomicStore(ready, 0u, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelaxed);
    }
    controlBarrier(gl_ScopeWorkgroup, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquireRelease);
    atomicStore(payload[i], i * 3u, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
    atomicStore(flags[i], 1u, gl_ScopeQueueFamily, gl_StorageSemanticsBuffer,
                gl_SemanticsRelease | gl_SemanticsMakeAvailable);
    uint partner = i ^ 1u;
    uint spins = 0u;
    while (atomicLoad(flags[partner], gl_ScopeQueueFamily, gl_StorageSemanticsBuffer,
                      gl_SemanticsAcquire | gl_SemanticsMakeVisible) == 0u && spins < 1000u) {
        ++spins;
    }
    uint v = atomicLoad(payload[partner], gl_ScopeQueueFamily, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
    atomicAdd(ready, v, gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsRelaxed);
    memoryBarrier(gl_ScopeWorkgroup, gl_StorageSemanticsShared, gl_SemanticsAcquireRelease);
}
