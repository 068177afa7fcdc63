#version 450
// Dequantize int8 weights to float with per-row scales: 8-bit storage buffers and 8-bit
// arithmetic (StorageBuffer8BitAccess, UniformAndStorageBuffer8BitAccess, Int8).
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require

layout(local_size_x = 128) in;

layout(set = 0, binding = 0, std430) readonly buffer Weights { int8_t weights[]; };
layout(set = 0, binding = 1, std430) readonly buffer Scales { float scales[]; };
layout(set = 0, binding = 2, std430) writeonly buffer Out { float outValues[]; };
layout(set = 0, binding = 3, std140) uniform Zero { i8vec4 zeroPoints; uint8_t rowLength; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint row = i / uint(rowLength);
    int8_t q = weights[i];
    int8_t zp = zeroPoints[row & 3u];
    int8_t centered = q - zp;
    uint8_t mag = uint8_t(abs(int(centered)));
    outValues[i] = float(centered) * scales[row] + float(mag) * 0.0;
}
