#version 460
// Shader clocks, subgroup and device scope (GL_EXT_shader_realtime_clock, GL_ARB_shader_clock).
#extension GL_EXT_shader_realtime_clock : require
#extension GL_ARB_shader_clock : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Timing { uint64_t ticks[]; } timing;
void main() {
  uint64_t start = clockRealtimeEXT();
  uint64_t local = clockARB();
  timing.ticks[gl_GlobalInvocationID.x] = clockRealtimeEXT() - start + (clockARB() - local);
}
