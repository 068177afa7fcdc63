#version 450
// Half-precision activations: 16-bit storage and arithmetic (StorageBuffer16BitAccess,
// Float16, Int16), a fused bias + GELU over an f16 tensor.
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require

layout(local_size_x = 256) in;

layout(set = 0, binding = 0, std430) buffer Activations { f16vec4 act[]; };
layout(set = 0, binding = 1, std430) readonly buffer Bias { float16_t bias[]; };
layout(push_constant) uniform PC { uint16_t channels; uint16_t pad; uint count; } pc;

f16vec4 gelu(f16vec4 x) {
    const float16_t k = float16_t(0.7978845608);
    return float16_t(0.5) * x * (f16vec4(1.0) + tanh(k * (x + float16_t(0.044715) * x * x * x)));
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) return;
    uint16_t c = uint16_t(i % uint(pc.channels));
    act[i] = gelu(act[i] + f16vec4(bias[uint(c)]));
}
