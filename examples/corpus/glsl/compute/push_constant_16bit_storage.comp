#version 450
// 16-bit members in push constants and uniform buffers (StoragePushConstant16,
// UniformAndStorageBuffer16BitAccess) without 16-bit arithmetic: loads convert to 32-bit.
#extension GL_EXT_shader_16bit_storage : require

layout(local_size_x = 64) in;

layout(push_constant) uniform PC {
    f16vec2 scaleBias;   // 16-bit storage alone converts only vectors of float16_t
    uint16_t count;
    int16_t offset;
} pc;

layout(set = 0, binding = 0, std140) uniform Lut { f16vec4 lut[16]; };
layout(set = 0, binding = 1, std430) buffer Data { float data[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= uint(pc.count)) return;
    vec2 sb = vec2(pc.scaleBias);
    float x = data[i] * sb.x + sb.y;
    vec4 l = vec4(lut[i & 15u]);
    data[i] = x * l.x + l.y + float(int(pc.offset));
}
