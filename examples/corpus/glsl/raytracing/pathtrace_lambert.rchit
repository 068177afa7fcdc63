#version 460
// Path tracer closest hit: fetches triangle vertices through buffer device addresses stored
// per instance (gl_InstanceCustomIndexEXT), interpolates with hit barycentrics, samples the
// albedo from a bindless texture array (nonuniformEXT), and picks the next bounce.
#extension GL_EXT_ray_tracing : require
#extension GL_EXT_nonuniform_qualifier : require
#extension GL_EXT_buffer_reference2 : require
#extension GL_EXT_scalar_block_layout : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_GOOGLE_include_directive : require
#include "../include/random.glsl"

struct Vertex { vec3 position; vec3 normal; vec2 uv; };
layout(buffer_reference, scalar) readonly buffer Vertices { Vertex v[]; };
layout(buffer_reference, scalar) readonly buffer Indices { uvec3 i[]; };

struct InstanceInfo {
    uint64_t vertexAddress;
    uint64_t indexAddress;
    uint textureIndex;
    uint pad;
    vec4 emission;
};
layout(set = 0, binding = 4, std430) readonly buffer InstanceInfos { InstanceInfo infos[]; };
layout(set = 0, binding = 5) uniform sampler2D textures[];

struct PathPayload {
    vec3 radiance;
    vec3 throughput;
    vec3 nextOrigin;
    vec3 nextDirection;
    uint seed;
    bool done;
};
layout(location = 0) rayPayloadInEXT PathPayload path;
hitAttributeEXT vec2 barycentrics;

void main() {
    InstanceInfo info = infos[gl_InstanceCustomIndexEXT];
    uvec3 tri = Indices(info.indexAddress).i[gl_PrimitiveID];
    Vertices verts = Vertices(info.vertexAddress);
    Vertex a = verts.v[tri.x], b = verts.v[tri.y], c = verts.v[tri.z];
    vec3 w = vec3(1.0 - barycentrics.x - barycentrics.y, barycentrics.x, barycentrics.y);
    vec3 n = normalize(a.normal * w.x + b.normal * w.y + c.normal * w.z);
    n = normalize(vec3(n * gl_WorldToObjectEXT));
    if (gl_HitKindEXT == gl_HitKindBackFacingTriangleEXT) n = -n;
    vec2 uv = a.uv * w.x + b.uv * w.y + c.uv * w.z;
    vec3 albedo = textureLod(textures[nonuniformEXT(info.textureIndex)], uv, 0.0).rgb;
    path.radiance += path.throughput * info.emission.rgb;
    path.throughput *= albedo;
    path.nextOrigin = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * gl_HitTEXT + n * 1e-4;
    path.nextDirection = cosineSampleHemisphere(n, path.seed);
    path.done = max(path.throughput.r, max(path.throughput.g, path.throughput.b)) < 0.01;
}
