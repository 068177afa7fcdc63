#version 450
// Alpha test with demote instead of discard, so derivatives stay valid for neighbours
// (DemoteToHelperInvocation; core in SPIR-V 1.6).
#extension GL_EXT_demote_to_helper_invocation : require

layout(set = 0, binding = 0) uniform sampler2D albedo;
layout(set = 0, binding = 1) uniform sampler2D detail;
layout(location = 0) in vec2 inUV;
layout(location = 0) out vec4 outColor;

void main() {
    vec4 c = texture(albedo, inUV);
    if (c.a < 0.5) {
        demote;
    }
    // Implicit-LOD sample after the demote still has valid derivatives.
    vec3 d = texture(detail, inUV * 8.0).rgb;
    if (!helperInvocationEXT()) {
        outColor = vec4(c.rgb * d, 1.0);
    }
}
