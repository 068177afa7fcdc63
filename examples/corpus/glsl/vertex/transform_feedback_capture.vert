#version 450
// Transform feedback capture of skinned positions (xfb_buffer, xfb_offset, xfb_stride).
#extension GL_ARB_enhanced_layouts : require

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;

layout(xfb_buffer = 0, xfb_stride = 32) out;
layout(location = 0, xfb_buffer = 0, xfb_offset = 0) out vec3 outPosition;
layout(location = 1, xfb_buffer = 0, xfb_offset = 16) out vec3 outNormal;

layout(push_constant) uniform PC { mat4 model; } pc;

void main() {
    outPosition = (pc.model * vec4(inPosition, 1.0)).xyz;
    outNormal = mat3(pc.model) * inNormal;
    gl_Position = vec4(outPosition, 1.0);
}
