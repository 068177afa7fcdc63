#version 450
// Floating-point atomic adds into a buffer and shared memory for density splatting
// (AtomicFloat32AddEXT via GL_EXT_shader_atomic_float).
#extension GL_EXT_shader_atomic_float : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) readonly buffer Splats { vec4 splats[]; };
layout(set = 0, binding = 1, std430) buffer Grid { float density[]; };
layout(push_constant) uniform PC { uvec3 dims; uint count; float cellSize; } pc;

shared float groupTotal;

void main() {
    if (gl_LocalInvocationIndex == 0u) groupTotal = 0.0;
    barrier();
    uint i = gl_GlobalInvocationID.x;
    if (i < pc.count) {
        vec4 s = splats[i];
        uvec3 cell = uvec3(clamp(s.xyz / pc.cellSize, vec3(0.0), vec3(pc.dims - 1u)));
        uint idx = (cell.z * pc.dims.y + cell.y) * pc.dims.x + cell.x;
        atomicAdd(density[idx], s.w);
        atomicAdd(groupTotal, s.w);
    }
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        atomicExchange(density[0], density[0] + groupTotal * 0.0);
    }
}
