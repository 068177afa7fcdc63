#version 460
// Compute-shader ambient occlusion with ray queries: committed hit distance
// (rayQueryGetIntersectionTEXT) weights the occlusion.
#extension GL_EXT_ray_query : require
#extension GL_GOOGLE_include_directive : require
#include "../include/random.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1) uniform sampler2D gPosition;
layout(set = 0, binding = 2) uniform sampler2D gNormal;
layout(set = 0, binding = 3, r8) uniform writeonly image2D aoOut;
layout(push_constant) uniform PC { float radius; uint rays; uint frame; } pc;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, imageSize(aoOut)))) return;
    vec3 pos = texelFetch(gPosition, p, 0).xyz;
    vec3 n = normalize(texelFetch(gNormal, p, 0).xyz);
    uint seed = initSeed(uvec2(p), pc.frame);
    float ao = 0.0;
    for (uint r = 0u; r < pc.rays; ++r) {
        vec3 dir = cosineSampleHemisphere(n, seed);
        rayQueryEXT q;
        rayQueryInitializeEXT(q, scene, gl_RayFlagsOpaqueEXT, 0xFF, pos + n * 1e-3, 0.0, dir, pc.radius);
        rayQueryProceedEXT(q);
        if (rayQueryGetIntersectionTypeEXT(q, true) == gl_RayQueryCommittedIntersectionTriangleEXT) {
            ao += 1.0 - rayQueryGetIntersectionTEXT(q, true) / pc.radius;
        }
    }
    imageStore(aoOut, p, vec4(1.0 - ao / float(pc.rays)));
}
