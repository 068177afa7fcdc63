#version 450
// Foveated rendering: per-primitive shading rate written from the vertex shader
// (gl_PrimitiveShadingRateEXT, FragmentShadingRateKHR) by distance from the gaze point.
#extension GL_EXT_fragment_shading_rate : require

layout(push_constant) uniform PC { mat4 mvp; vec2 gaze; float innerRadius; float outerRadius; } pc;

layout(location = 0) in vec3 inPosition;
layout(location = 1) in vec2 inUV;
layout(location = 0) out vec2 outUV;

void main() {
    vec4 clip = pc.mvp * vec4(inPosition, 1.0);
    float d = distance(clip.xy / clip.w, pc.gaze);
    int rate = d < pc.innerRadius ? 0                                       // 1x1
             : d < pc.outerRadius ? (gl_ShadingRateFlag2HorizontalPixelsEXT | gl_ShadingRateFlag2VerticalPixelsEXT)
             : (gl_ShadingRateFlag4HorizontalPixelsEXT | gl_ShadingRateFlag4VerticalPixelsEXT);
    gl_PrimitiveShadingRateEXT = rate;
    outUV = inUV;
    gl_Position = clip;
}
