#version 460
// Loop and selection control hints (GL_EXT_control_flow_attributes): [[unroll]],
// [[dont_unroll]], [[loop]], [[dependency_infinite]], [[min_iterations]], [[flatten]],
// [[dont_flatten]], plus a switch statement (OpSwitch).
#extension GL_EXT_control_flow_attributes : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) buffer Data { vec4 data[]; };
layout(push_constant) uniform PC { uint count; uint mode; uint iterations; } pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) return;
    vec4 v = data[i];
    [[unroll]] for (int k = 0; k < 4; ++k) {
        v[k] = v[k] * v[k];
    }
    [[dont_unroll]] for (uint k = 0u; k < pc.iterations; ++k) {
        v = sin(v) + 0.5 * v;
    }
    [[dependency_infinite]] for (uint k = 1u; k < 8u; ++k) {
        data[i + k * 0u].w += 0.0;
    }
    [[min_iterations(2), max_iterations(16)]] for (uint k = 0u; k < pc.iterations; ++k) {
        v.x += float(k);
    }
    [[flatten]] if (v.x > 0.0) {
        v.y = -v.y;
    }
    [[dont_flatten]] switch (pc.mode) {
        case 0u: v = normalize(v); break;
        case 1u: v = abs(v); break;
        case 2u:
        case 3u: v = fract(v); break;
        default: v = vec4(0.0); break;
    }
    data[i] = v;
}
