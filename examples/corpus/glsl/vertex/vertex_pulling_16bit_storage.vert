#version 450
// Programmable vertex fetch from storage buffers holding half-float positions and 16-bit
// indices (StorageBuffer16BitAccess), no vertex input attributes at all.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require

layout(set = 0, binding = 0, std430) readonly buffer Indices { uint16_t indices[]; };
layout(set = 0, binding = 1, std430) readonly buffer Positions { f16vec4 positions[]; };
layout(set = 0, binding = 2, std430) readonly buffer UVs { f16vec2 uvs[]; };

layout(push_constant) uniform Draw {
    mat4 mvp;
    uint firstIndex;
    int vertexOffset;
} draw;

layout(location = 0) out vec2 outUV;

void main() {
    uint index = uint(indices[draw.firstIndex + uint(gl_VertexIndex)]) + uint(draw.vertexOffset);
    vec3 p = vec3(positions[index].xyz);
    outUV = vec2(uvs[index]);
    gl_Position = draw.mvp * vec4(p, 1.0);
}
