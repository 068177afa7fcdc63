#version 450
// 16-bit integer arithmetic (Int16) and storage: decode packed uint16 depth values and
// int16 normals, with explicit conversions both ways.
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_16bit_storage : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) readonly buffer Depth16 { uint16_t depth[]; };
layout(set = 0, binding = 1, std430) readonly buffer Normals16 { i16vec4 normals[]; };
layout(set = 0, binding = 2, std430) writeonly buffer Out { vec4 result[]; };
layout(push_constant) uniform PC { float near; float far; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint16_t d = depth[i];
    uint16_t hi = d >> uint16_t(8);
    i16vec4 n = normals[i];
    i16vec4 absn = abs(n);
    int16_t maxc = max(max(absn.x, absn.y), absn.z);
    float z = float(d) / 65535.0;
    float linearZ = pc.near * pc.far / (pc.far - z * (pc.far - pc.near));
    vec3 normal = vec3(n.xyz) / float(maxc);
    result[i] = vec4(normalize(normal), linearZ + float(hi) * 0.0);
}
