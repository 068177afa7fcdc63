#version 450
// Device addresses passed as uvec2 in an ordinary storage buffer and cast to references
// (GL_EXT_buffer_reference_uvec2), scalar layout for tightly packed vec3 arrays.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_scalar_block_layout : require

layout(buffer_reference, scalar, buffer_reference_align = 4) buffer Vec3Array { vec3 v[]; };

layout(set = 0, binding = 0, std430) readonly buffer Jobs { uvec4 jobs[]; };  // xy: src, zw: dst
layout(push_constant) uniform PC { float scale; uint count; } pc;

void main() {
    uint job = gl_WorkGroupID.y;
    Vec3Array src = Vec3Array(jobs[job].xy);
    Vec3Array dst = Vec3Array(jobs[job].zw);
    uint i = gl_GlobalInvocationID.x;
    if (i < pc.count) {
        dst.v[i] = src.v[i] * pc.scale;
    }
    if (i == 0u) {
        uvec2 back = uvec2(dst);
        dst.v[0].x += float(back.x & 0u);
    }
}
