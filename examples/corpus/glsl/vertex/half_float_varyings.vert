#version 450
// 16-bit inputs and outputs (StorageInputOutput16): half-precision vertex attributes and
// varyings to save bandwidth.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require

layout(location = 0) in vec3 inPosition;
layout(location = 1) in f16vec4 inColor;
layout(location = 2) in f16vec2 inUV;

layout(location = 0) out f16vec4 outColor;
layout(location = 1) out f16vec2 outUV;

layout(push_constant) uniform PC { mat4 mvp; } pc;

void main() {
    outColor = inColor * float16_t(0.5) + float16_t(0.5);
    outUV = inUV;
    gl_Position = pc.mvp * vec4(inPosition, 1.0);
}
