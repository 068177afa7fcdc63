#version 450
// Single-pass stereo rendering: gl_ViewIndex selects the eye's matrix (VK_KHR_multiview).
#extension GL_EXT_multiview : require

layout(set = 0, binding = 0, std140) uniform Eyes {
    mat4 viewProj[2];
    vec4 eyePosition[2];
} eyes;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec3 inNormal;
layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec3 outViewDir;

void main() {
    outNormal = inNormal;
    outViewDir = eyes.eyePosition[gl_ViewIndex].xyz - inPosition;
    gl_Position = eyes.viewProj[gl_ViewIndex] * vec4(inPosition, 1.0);
}
