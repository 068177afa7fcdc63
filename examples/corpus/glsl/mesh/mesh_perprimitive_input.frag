#version 460
// Fragment stage after a mesh shader: reads a perprimitiveEXT input (flat per-triangle
// meshlet id) next to an ordinary interpolated input.
#extension GL_EXT_mesh_shader : require

layout(location = 0) in vec3 inNormal;
layout(location = 1) perprimitiveEXT flat in uint inMeshletId;
layout(location = 0) out vec4 outColor;

vec3 hashColor(uint x) {
    x = (x ^ 61u) ^ (x >> 16);
    x *= 9u;
    x ^= x >> 4;
    x *= 0x27d4eb2du;
    return vec3(x & 255u, (x >> 8) & 255u, (x >> 16) & 255u) / 255.0;
}

void main() {
    float ndl = max(dot(normalize(inNormal), normalize(vec3(0.4, 1.0, 0.3))), 0.1);
    outColor = vec4(hashColor(inMeshletId) * ndl, 1.0);
}
