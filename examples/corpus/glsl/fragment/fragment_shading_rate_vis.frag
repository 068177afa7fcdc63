#version 450
// Visualises the variable shading rate chosen for each fragment (FragmentShadingRateKHR).
#extension GL_EXT_fragment_shading_rate : require

layout(location = 0) in vec3 inColor;
layout(location = 0) out vec4 outColor;

void main() {
    int rate = gl_ShadingRateEXT;
    int w = 1 << ((rate >> 2) & 3);
    int h = 1 << (rate & 3);
    vec3 tint = vec3(float(w) / 4.0, float(h) / 4.0, 0.0);
    outColor = vec4(mix(inColor, tint, 0.5), 1.0);
}
