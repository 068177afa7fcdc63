#version 450
// Nested aggregates in blocks: arrays of arrays, structs containing arrays and matrices,
// dmat types and a bool member in a uniform block.
layout(local_size_x = 16) in;

struct Cascade {
    mat4 viewProj;
    vec4 splitDepth;
    float texelSize[4];
};

struct Light {
    vec4 color;
    Cascade cascades[4];
    bool castsShadow;
};

layout(set = 0, binding = 0, std140) uniform Scene {
    Light lights[2];
    ivec4 grid[3][2];
    dmat2 precisionTransform;
} scene;

layout(set = 0, binding = 1, std430) buffer Out { float values[4][4]; vec4 extra[]; } outBuf;

void main() {
    uint i = gl_LocalInvocationID.x;
    uint l = i / 8u, c = (i / 2u) % 4u;
    Cascade cas = scene.lights[l].cascades[c];
    float v = cas.splitDepth[i & 3u] * cas.texelSize[i & 3u];
    if (scene.lights[l].castsShadow) v *= 2.0;
    v += float(scene.grid[i % 3u][i & 1u].x) + float(scene.precisionTransform[0][0]);
    outBuf.values[i / 4u][i % 4u] = v;
    outBuf.extra[i] = cas.viewProj * scene.lights[l].color;
}
