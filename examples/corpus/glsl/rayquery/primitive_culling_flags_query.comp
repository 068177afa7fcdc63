#version 460
// Ray queries that skip whole primitive kinds (GL_EXT_ray_flags_primitive_culling,
// RayTraversalPrimitiveCullingKHR): a triangles-only and an AABBs-only query. glslang declares
// the capability for the layout(primitive_culling) qualifier, not for the flags themselves.
#extension GL_EXT_ray_query : require
#extension GL_EXT_ray_flags_primitive_culling : require

layout(local_size_x = 64) in;
layout(primitive_culling);

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1, std430) readonly buffer Rays { vec4 rays[]; };
layout(set = 0, binding = 2, std430) writeonly buffer Hits { vec2 hits[]; };

float committedT(rayQueryEXT q) {
    return rayQueryGetIntersectionTypeEXT(q, true) != gl_RayQueryCommittedIntersectionNoneEXT
         ? rayQueryGetIntersectionTEXT(q, true) : -1.0;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec3 o = rays[2u * i].xyz, d = rays[2u * i + 1u].xyz;

    rayQueryEXT trianglesOnly;
    rayQueryInitializeEXT(trianglesOnly, scene, gl_RayFlagsSkipAABBEXT | gl_RayFlagsOpaqueEXT,
                          0xFF, o, 0.0, d, 1e4);
    while (rayQueryProceedEXT(trianglesOnly)) {}

    rayQueryEXT boxesOnly;
    rayQueryInitializeEXT(boxesOnly, scene, gl_RayFlagsSkipTrianglesEXT | gl_RayFlagsOpaqueEXT,
                          0xFF, o, 0.0, d, 1e4);
    while (rayQueryProceedEXT(boxesOnly)) {
        if (rayQueryGetIntersectionTypeEXT(boxesOnly, false) == gl_RayQueryCandidateIntersectionAABBEXT) {
            rayQueryGenerateIntersectionEXT(boxesOnly, 1.0);
        }
    }
    hits[i] = vec2(committedT(trianglesOnly), committedT(boxesOnly));
}
