#version 460
// Ray queries that skip whole primitive kinds (GL_EXT_ray_flags_primitive_culling,
// RayTraversalPrimitiveCullingKHR): triangles-only and AABBs-only passes.
#extension GL_EXT_ray_query : require
#extension GL_EXT_ray_flags_primitive_culling : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1, std430) readonly buffer Rays { vec4 rays[]; };
layout(set = 0, binding = 2, std430) writeonly buffer Hits { vec2 hits[]; };

float traceOnly(uint flags, vec3 origin, vec3 dir) {
    rayQueryEXT q;
    rayQueryInitializeEXT(q, scene, flags | gl_RayFlagsOpaqueEXT, 0xFF, origin, 0.0, dir, 1e4);
    while (rayQueryProceedEXT(q)) {
        if (rayQueryGetIntersectionTypeEXT(q, false) == gl_RayQueryCandidateIntersectionAABBEXT) {
            rayQueryGenerateIntersectionEXT(q, 1.0);
        }
    }
    return rayQueryGetIntersectionTypeEXT(q, true) != gl_RayQueryCommittedIntersectionNoneEXT
         ? rayQueryGetIntersectionTEXT(q, true) : -1.0;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec3 o = rays[2u * i].xyz, d = rays[2u * i + 1u].xyz;
    hits[i] = vec2(traceOnly(gl_RayFlagsSkipAABBEXT, o, d), traceOnly(gl_RayFlagsSkipTrianglesEXT, o, d));
}
