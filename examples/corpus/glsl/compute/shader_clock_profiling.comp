#version 450
// Per-invocation timing with shader clocks (ShaderClockKHR): subgroup-scope clockARB and
// device-scope clockRealtimeEXT around a workload.
#extension GL_ARB_shader_clock : require
#extension GL_EXT_shader_realtime_clock : require
#extension GL_ARB_gpu_shader_int64 : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) buffer Work { vec4 work[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Timings { uvec2 timings[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint64_t start = clockARB();
    uvec2 realStart = clockRealtime2x32EXT();
    vec4 v = work[i];
    for (int k = 0; k < 64; ++k) v = fract(v * 1.618 + 0.31);
    work[i] = v;
    uint64_t elapsed = clockARB() - start;
    uvec2 realEnd = clockRealtime2x32EXT();
    timings[i] = uvec2(uint(elapsed), realEnd.x - realStart.x);
}
