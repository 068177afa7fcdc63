#version 450
// Main pass vertex shader computing light-space coordinates for four shadow cascades.
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(set = 0, binding = 1, std140) uniform Cascades {
    mat4 lightViewProj[4];
    vec4 splits;
} cascades;

layout(push_constant) uniform PC { mat4 model; } pc;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out float outViewDepth;
layout(location = 2) out vec4 outShadowCoord[4];

void main() {
    vec4 world = pc.model * vec4(inPosition, 1.0);
    for (int i = 0; i < 4; ++i) {
        outShadowCoord[i] = cascades.lightViewProj[i] * world;
    }
    outNormal = mat3(pc.model) * inNormal;
    outViewDepth = -(camera.view * world).z;
    gl_Position = camera.viewProj * world;
}
