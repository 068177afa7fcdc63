#version 450
// Static mesh: object-to-clip transform with a per-draw model matrix in push constants.
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(push_constant) uniform Draw {
    mat4 model;
    mat4 normalMatrix;
} draw;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec2 inUV;

layout(location = 0) out vec3 outWorldPos;
layout(location = 1) out vec3 outNormal;
layout(location = 2) out vec2 outUV;

void main() {
    vec4 world = draw.model * vec4(inPosition, 1.0);
    outWorldPos = world.xyz;
    outNormal = normalize(mat3(draw.normalMatrix) * inNormal);
    outUV = inUV;
    gl_Position = camera.viewProj * world;
}
