#version 450
// Specialization constants of several types combined in constant expressions
// (OpSpecConstantOp, OpSpecConstantComposite), used as an array size and loop bound.
layout(constant_id = 0) const int WIDTH = 64;
layout(constant_id = 1) const int HEIGHT = 4;
layout(constant_id = 2) const uint FLAGS = 3u;
layout(constant_id = 3) const float SCALE = 1.5;
layout(constant_id = 4) const bool USE_BIAS = false;

const int AREA = WIDTH * HEIGHT;
const uint MASK = FLAGS & 1u;
const bool WIDE = WIDTH > 32;
const ivec2 DIMS = ivec2(WIDTH, HEIGHT);

layout(local_size_x_id = 5) in;

layout(set = 0, binding = 0, std430) buffer Data { float data[]; };

shared float scratch[AREA];

void main() {
    uint i = gl_LocalInvocationIndex;
    for (uint k = i; k < uint(AREA); k += gl_WorkGroupSize.x) {
        scratch[k] = data[gl_WorkGroupID.x * uint(AREA) + k] * SCALE;
    }
    barrier();
    if (i < uint(DIMS.x)) {
        float s = 0.0;
        for (int y = 0; y < DIMS.y; ++y) s += scratch[y * WIDTH + int(i)];
        if (USE_BIAS) s += 1.0;
        if (WIDE && MASK != 0u) s *= 0.5;
        data[gl_WorkGroupID.x * uint(AREA) + i] = s;
    }
}
