#version 450
// Single-invocation setup pass: turns an item count into VkDispatchIndirectCommand
// arguments for the next pass (local_size 1, push constants).
layout(local_size_x = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer Count { uint itemCount; };
layout(set = 0, binding = 1, std430) writeonly buffer Args { uvec3 dispatchArgs; uint padding; };
layout(push_constant) uniform PC { uint groupSize; uint maxGroups; } pc;

void main() {
    uint groups = (itemCount + pc.groupSize - 1u) / pc.groupSize;
    dispatchArgs = uvec3(min(groups, pc.maxGroups), 1u, 1u);
    padding = itemCount;
}
