#version 450
// Signed distance field baking into a 3D storage image from a list of spheres and boxes,
// three-dimensional dispatch with gl_NumWorkGroups.
layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;

layout(set = 0, binding = 0, r16f) uniform writeonly image3D sdf;
layout(set = 0, binding = 1, std430) readonly buffer Shapes { vec4 spheres[]; };
layout(push_constant) uniform PC { vec4 boundsMin; vec4 boundsMax; uint sphereCount; } pc;

void main() {
    uvec3 dim = gl_NumWorkGroups * gl_WorkGroupSize;
    vec3 t = (vec3(gl_GlobalInvocationID) + 0.5) / vec3(dim);
    vec3 p = mix(pc.boundsMin.xyz, pc.boundsMax.xyz, t);
    float d = 1e9;
    for (uint s = 0u; s < pc.sphereCount; ++s) {
        d = min(d, length(p - spheres[s].xyz) - spheres[s].w);
    }
    vec3 q = abs(p) - vec3(0.5);
    float box = length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0);
    imageStore(sdf, ivec3(gl_GlobalInvocationID), vec4(min(d, box)));
}
