#version 450
// N-body step in double precision (Float64): positions and velocities as dvec4 in std430,
// shared-memory tiles of bodies.
layout(local_size_x = 64) in;

layout(set = 0, binding = 0, std430) buffer Bodies { dvec4 pos[]; };   // w: mass
layout(set = 0, binding = 1, std430) buffer Velocities { dvec4 vel[]; };
layout(push_constant) uniform PC { double dt; double softening; uint count; } pc;

shared dvec4 tileBodies[64];

void main() {
    uint i = gl_GlobalInvocationID.x;
    dvec4 p = i < pc.count ? pos[i] : dvec4(0.0);
    dvec3 acc = dvec3(0.0);
    for (uint t = 0u; t < pc.count; t += 64u) {
        uint j = t + gl_LocalInvocationID.x;
        tileBodies[gl_LocalInvocationID.x] = j < pc.count ? pos[j] : dvec4(0.0);
        barrier();
        for (uint k = 0u; k < 64u; ++k) {
            dvec3 d = tileBodies[k].xyz - p.xyz;
            double r2 = dot(d, d) + pc.softening;
            double inv = inversesqrt(float(r2));
            acc += d * (tileBodies[k].w * inv * inv * inv);
        }
        barrier();
    }
    if (i < pc.count) {
        vel[i].xyz += acc * pc.dt;
        pos[i].xyz += vel[i].xyz * pc.dt;
    }
}
