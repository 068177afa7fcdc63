#version 450
// Dual-source blending for subpixel text: two outputs at location 0, index 0 and 1.
layout(set = 0, binding = 0) uniform sampler2D glyphAtlas;
layout(location = 0) in vec2 inUV;
layout(location = 1) in vec4 inColor;

layout(location = 0, index = 0) out vec4 outColor;
layout(location = 0, index = 1) out vec4 outBlendWeights;

void main() {
    vec3 coverage = texture(glyphAtlas, inUV).rgb;
    outColor = vec4(inColor.rgb, 1.0);
    outBlendWeights = vec4(coverage * inColor.a, 1.0);
}
