#version 450
// Blend-shape animation: morph target deltas in a storage buffer, the number of active
// targets a specialization constant so drivers can unroll the loop.
layout(constant_id = 0) const int MAX_MORPH_TARGETS = 8;
layout(constant_id = 1) const bool MORPH_NORMALS = true;

layout(set = 0, binding = 0, std140) uniform Transform {
    mat4 modelViewProj;
    mat4 normalMatrix;
    vec4 weights[MAX_MORPH_TARGETS / 4 + 1];
} xf;

struct MorphDelta {
    vec4 position;
    vec4 normal;
};

layout(set = 0, binding = 1, std430) readonly buffer Deltas {
    uint vertexCount;
    MorphDelta deltas[];
};

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 0) out vec3 outNormal;

void main() {
    vec3 p = inPosition;
    vec3 n = inNormal;
    for (int t = 0; t < MAX_MORPH_TARGETS; ++t) {
        float w = xf.weights[t / 4][t % 4];
        MorphDelta d = deltas[uint(t) * vertexCount + uint(gl_VertexIndex)];
        p += w * d.position.xyz;
        if (MORPH_NORMALS) n += w * d.normal.xyz;
    }
    outNormal = normalize(mat3(xf.normalMatrix) * n);
    gl_Position = xf.modelViewProj * vec4(p, 1.0);
}
