#version 450
// Instanced grass blades: per-instance attributes (input rate instance), wind sway from a
// noise texture sampled in the vertex stage, gl_InstanceIndex for variation.
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(set = 0, binding = 1) uniform sampler2D windNoise;

layout(push_constant) uniform Wind {
    vec2 direction;
    float strength;
    float frequency;
} wind;

layout(location = 0) in vec3 inPosition;    // blade-local, y up
layout(location = 1) in vec4 inInstance;    // xyz: root position, w: rotation
layout(location = 2) in vec2 inScale;       // width, height

layout(location = 0) out vec3 outColor;
layout(location = 1) out float outHeight;

void main() {
    float s = sin(inInstance.w), c = cos(inInstance.w);
    vec3 local = vec3(inPosition.x * inScale.x, inPosition.y * inScale.y, 0.0);
    vec3 p = vec3(c * local.x, local.y, s * local.x) + inInstance.xyz;
    vec2 uv = inInstance.xz * 0.05 + wind.direction * camera.time * wind.frequency;
    float gust = textureLod(windNoise, uv, 0.0).r * 2.0 - 1.0;
    p.xz += wind.direction * gust * wind.strength * inPosition.y * inPosition.y;
    float tint = fract(sin(float(gl_InstanceIndex) * 12.9898) * 43758.5453);
    outColor = mix(vec3(0.25, 0.45, 0.1), vec3(0.45, 0.6, 0.15), tint);
    outHeight = inPosition.y;
    gl_Position = camera.viewProj * vec4(p, 1.0);
}
