#version 450
// Final post-process: auto-exposure from a 1x1 luminance texture, ACES tone map, vignette,
// film grain and sRGB encode.
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"
#include "../include/random.glsl"

layout(set = 0, binding = 0) uniform sampler2D hdr;
layout(set = 0, binding = 1) uniform sampler2D avgLuminance;
layout(set = 0, binding = 2) uniform sampler2D bloom;
layout(push_constant) uniform Post { float keyValue; float bloomStrength; float grain; uint frame; } post;

layout(location = 0) in vec2 inUV;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 c = texture(hdr, inUV).rgb + texture(bloom, inUV).rgb * post.bloomStrength;
    float avg = texelFetch(avgLuminance, ivec2(0), 0).r;
    c *= post.keyValue / max(avg, 1e-4);
    c = tonemapACES(c);
    vec2 d = inUV - 0.5;
    c *= 1.0 - dot(d, d) * 0.6;
    uint seed = initSeed(uvec2(gl_FragCoord.xy), post.frame);
    c += (nextFloat(seed) - 0.5) * post.grain;
    outColor = vec4(linearToSrgb(c), 1.0);
}
