#version 460
// Full ray-query traversal loop: alpha-tested candidate triangles confirmed with
// rayQueryConfirmIntersectionEXT, procedural AABB candidates resolved with
// rayQueryGenerateIntersectionEXT, then committed hit data (instance, primitive, barycentrics).
#extension GL_EXT_ray_query : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1) uniform sampler2D alphaMask;
layout(set = 0, binding = 2, std430) readonly buffer Rays { vec4 rays[]; };   // origin.xyz tmin, dir.xyz tmax
layout(set = 0, binding = 3, std430) writeonly buffer Hits { vec4 hits[]; };  // t, instance, primitive, kind

void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 o = rays[2u * i], d = rays[2u * i + 1u];
    rayQueryEXT q;
    rayQueryInitializeEXT(q, scene, gl_RayFlagsNoneEXT, 0xFF, o.xyz, o.w, d.xyz, d.w);
    while (rayQueryProceedEXT(q)) {
        uint type = rayQueryGetIntersectionTypeEXT(q, false);
        if (type == gl_RayQueryCandidateIntersectionTriangleEXT) {
            vec2 bary = rayQueryGetIntersectionBarycentricsEXT(q, false);
            if (textureLod(alphaMask, bary, 0.0).a >= 0.5) {
                rayQueryConfirmIntersectionEXT(q);
            }
        } else if (type == gl_RayQueryCandidateIntersectionAABBEXT) {
            vec3 ro = rayQueryGetIntersectionObjectRayOriginEXT(q, false);
            vec3 rd = rayQueryGetIntersectionObjectRayDirectionEXT(q, false);
            float b = dot(ro, rd), c = dot(ro, ro) - 1.0;
            float disc = b * b - dot(rd, rd) * c;
            if (disc >= 0.0) {
                float t = (-b - sqrt(disc)) / dot(rd, rd);
                if (t > rayQueryGetRayTMinEXT(q) && t < rayQueryGetIntersectionTEXT(q, true)) {
                    rayQueryGenerateIntersectionEXT(q, t);
                }
            }
        }
    }
    uint committed = rayQueryGetIntersectionTypeEXT(q, true);
    if (committed == gl_RayQueryCommittedIntersectionNoneEXT) {
        hits[i] = vec4(-1.0);
    } else {
        hits[i] = vec4(rayQueryGetIntersectionTEXT(q, true),
                       float(rayQueryGetIntersectionInstanceCustomIndexEXT(q, true)),
                       float(rayQueryGetIntersectionPrimitiveIndexEXT(q, true)),
                       float(committed) + (rayQueryGetIntersectionFrontFaceEXT(q, true) ? 0.5 : 0.0));
    }
}
