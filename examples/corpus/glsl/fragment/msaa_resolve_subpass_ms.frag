#version 450
// Custom MSAA resolve in a subpass: multisampled input attachment read per sample with a
// tone-mapped average (InputAttachment, sampled multisample input).
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"

layout(input_attachment_index = 0, set = 0, binding = 0) uniform subpassInputMS hdrColor;

layout(constant_id = 0) const int SAMPLE_COUNT = 4;

layout(location = 0) out vec4 outColor;

void main() {
    vec3 sum = vec3(0.0);
    for (int s = 0; s < SAMPLE_COUNT; ++s) {
        vec3 c = subpassLoad(hdrColor, s).rgb;
        sum += c / (1.0 + luminance(c));
    }
    sum /= float(SAMPLE_COUNT);
    sum /= max(1.0 - luminance(sum), 1e-4);
    outColor = vec4(linearToSrgb(tonemapACES(sum)), 1.0);
}
