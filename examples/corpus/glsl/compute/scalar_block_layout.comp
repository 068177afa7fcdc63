#version 450
// Scalar block layout (GL_EXT_scalar_block_layout): a vec3 right after a float with no
// padding in a uniform block, and a tightly packed array of 40-byte structs (vec3 members,
// no padding) reached through a device address, as C structs on the host lay them out.
#extension GL_EXT_scalar_block_layout : require
#extension GL_EXT_buffer_reference : require

layout(local_size_x = 64) in;

struct Triangle {
    vec3 v0;
    vec3 v1;
    vec3 v2;
    uint material;
};

layout(buffer_reference, scalar, buffer_reference_align = 4) readonly buffer Triangles {
    Triangle tris[];
};
layout(buffer_reference, scalar, buffer_reference_align = 4) writeonly buffer Hits {
    vec3 barycentrics[];
};

layout(set = 0, binding = 0, scalar) uniform Params {
    float tMax;          // offset 0
    vec3 rayOrigin;      // offset 4 (std140 would put it at 16)
    vec3 rayDir;         // offset 16
    uint triangleCount;  // offset 28
    Triangles triangles; // offset 32
    Hits hits;           // offset 40
} params;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= params.triangleCount) return;
    Triangle t = params.triangles.tris[i];
    vec3 e1 = t.v1 - t.v0, e2 = t.v2 - t.v0;
    vec3 pv = cross(params.rayDir, e2);
    float det = dot(e1, pv);
    vec3 tv = params.rayOrigin - t.v0;
    float u = dot(tv, pv) / det;
    vec3 qv = cross(tv, e1);
    float v = dot(params.rayDir, qv) / det;
    float dist = dot(e2, qv) / det;
    bool hit = abs(det) > 1e-8 && u >= 0.0 && v >= 0.0 && u + v <= 1.0 && dist > 0.0 && dist < params.tMax;
    params.hits.barycentrics[i] = hit ? vec3(1.0 - u - v, u, v) : vec3(-1.0);
}
