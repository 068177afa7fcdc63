#version 450
// Layered rendering without a geometry shader: gl_Layer and gl_ViewportIndex written from
// the vertex stage (GL_ARB_shader_viewport_layer_array: ShaderViewportIndexLayerEXT before
// SPIR-V 1.5, ShaderLayer and ShaderViewportIndex after).
#extension GL_ARB_shader_viewport_layer_array : require

layout(set = 0, binding = 0, std140) uniform Faces { mat4 faceViewProj[6]; } faces;

layout(location = 0) in vec3 inPosition;
layout(location = 0) out vec3 outWorld;

void main() {
    int face = gl_InstanceIndex % 6;
    outWorld = inPosition;
    gl_Layer = face;
    gl_ViewportIndex = face & 1;
    gl_Position = faces.faceViewProj[face] * vec4(inPosition, 1.0);
}
