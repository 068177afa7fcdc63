#version 460
// GPU-driven rendering: cull object bounding spheres against six frustum planes and write
// VkDrawIndexedIndirectCommand records with an atomic counter (for vkCmdDrawIndexedIndirectCount).
layout(local_size_x = 64) in;

struct ObjectData {
    vec4 sphere;          // xyz center, w radius
    uint indexCount;
    uint firstIndex;
    int vertexOffset;
    uint meshId;
};

struct DrawCommand {
    uint indexCount;
    uint instanceCount;
    uint firstIndex;
    int vertexOffset;
    uint firstInstance;
};

layout(set = 0, binding = 0, std430) readonly buffer Objects { ObjectData objects[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Draws { DrawCommand draws[]; };
layout(set = 0, binding = 2, std430) buffer DrawCount { uint drawCount; };
layout(set = 0, binding = 3, std140) uniform Frustum { vec4 planes[6]; uint objectCount; } frustum;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= frustum.objectCount) return;
    ObjectData o = objects[i];
    bool visible = true;
    for (int p = 0; p < 6; ++p) {
        visible = visible && dot(frustum.planes[p].xyz, o.sphere.xyz) + frustum.planes[p].w > -o.sphere.w;
    }
    if (visible) {
        uint slot = atomicAdd(drawCount, 1u);
        draws[slot] = DrawCommand(o.indexCount, 1u, o.firstIndex, o.vertexOffset, i);
    }
}
