#version 450
// FXAA-style edge-directed antialiasing: luma from neighbours via textureLodOffset.
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"

layout(set = 0, binding = 0) uniform sampler2D ldr;
layout(push_constant) uniform Fxaa { vec2 invSize; float subpix; float edgeThreshold; } fxaa;
layout(location = 0) in vec2 inUV;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 rgbM = textureLod(ldr, inUV, 0.0).rgb;
    float lumaM = luminance(rgbM);
    float lumaN = luminance(textureLodOffset(ldr, inUV, 0.0, ivec2(0, -1)).rgb);
    float lumaS = luminance(textureLodOffset(ldr, inUV, 0.0, ivec2(0, 1)).rgb);
    float lumaE = luminance(textureLodOffset(ldr, inUV, 0.0, ivec2(1, 0)).rgb);
    float lumaW = luminance(textureLodOffset(ldr, inUV, 0.0, ivec2(-1, 0)).rgb);
    float lumaMin = min(lumaM, min(min(lumaN, lumaS), min(lumaE, lumaW)));
    float lumaMax = max(lumaM, max(max(lumaN, lumaS), max(lumaE, lumaW)));
    if (lumaMax - lumaMin < max(0.0312, lumaMax * fxaa.edgeThreshold)) {
        outColor = vec4(rgbM, 1.0);
        return;
    }
    bool horizontal = abs(lumaN + lumaS - 2.0 * lumaM) >= abs(lumaE + lumaW - 2.0 * lumaM);
    vec2 step = horizontal ? vec2(0.0, fxaa.invSize.y) : vec2(fxaa.invSize.x, 0.0);
    float blend = clamp(abs((lumaN + lumaS + lumaE + lumaW) * 0.25 - lumaM) / (lumaMax - lumaMin), 0.0, 1.0);
    blend = smoothstep(0.0, 1.0, blend) * fxaa.subpix;
    vec3 a = textureLod(ldr, inUV + step * blend, 0.0).rgb;
    vec3 b = textureLod(ldr, inUV - step * blend, 0.0).rgb;
    outColor = vec4((a + b) * 0.5, 1.0);
}
