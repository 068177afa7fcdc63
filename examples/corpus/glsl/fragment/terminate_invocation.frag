#version 450
// Early-out with OpTerminateInvocation (GL_EXT_terminate_invocation), for a dissolve effect.
#extension GL_EXT_terminate_invocation : require

layout(set = 0, binding = 0) uniform sampler2D noise;
layout(push_constant) uniform Dissolve { float amount; vec3 edgeColor; } dissolve;
layout(location = 0) in vec2 inUV;
layout(location = 1) in vec3 inColor;
layout(location = 0) out vec4 outColor;

void main() {
    float n = texture(noise, inUV).r;
    if (n < dissolve.amount) {
        terminateInvocation;
    }
    float edge = smoothstep(dissolve.amount + 0.05, dissolve.amount, n);
    outColor = vec4(mix(inColor, dissolve.edgeColor, edge), 1.0);
}
