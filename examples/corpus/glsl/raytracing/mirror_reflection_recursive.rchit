#version 460
// Whitted-style closest hit: recursive reflection ray (traceRayEXT from a hit shader) with a
// depth counter in the payload, plus a shadow ray to the sun.
#extension GL_EXT_ray_tracing : require

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(shaderRecordEXT, std430) buffer ShaderRecord {
    vec4 albedo;
    float reflectivity;
} record;

struct Payload {
    vec3 color;
    uint depth;
};
layout(location = 0) rayPayloadInEXT Payload payload;
layout(location = 2) rayPayloadEXT Payload reflected;
layout(location = 1) rayPayloadEXT bool shadowed;
hitAttributeEXT vec2 bary;

layout(push_constant) uniform PC { vec4 sunDirection; uint maxDepth; } pc;

void main() {
    vec3 hit = gl_WorldRayOriginEXT + gl_WorldRayDirectionEXT * gl_HitTEXT;
    vec3 e1 = vec3(1.0, 0.0, 0.0), e2 = vec3(0.0, 0.0, 1.0);
    vec3 n = normalize(cross(gl_ObjectToWorldEXT * vec4(e1, 0.0), gl_ObjectToWorldEXT * vec4(e2, 0.0)));
    shadowed = true;
    traceRayEXT(scene, gl_RayFlagsTerminateOnFirstHitEXT | gl_RayFlagsSkipClosestHitShaderEXT,
                0xFF, 0, 0, 1, hit + n * 1e-3, 0.0, -pc.sunDirection.xyz, 1e4, 1);
    vec3 direct = record.albedo.rgb * max(dot(n, -pc.sunDirection.xyz), 0.0) * (shadowed ? 0.1 : 1.0);
    vec3 color = direct;
    if (payload.depth < pc.maxDepth && record.reflectivity > 0.0) {
        reflected.depth = payload.depth + 1u;
        reflected.color = vec3(0.0);
        traceRayEXT(scene, gl_RayFlagsNoneEXT, 0xFF, 0, 0, 0, hit + n * 1e-3, 0.0,
                    reflect(gl_WorldRayDirectionEXT, n), 1e4, 2);
        color = mix(direct, reflected.color, record.reflectivity);
    }
    payload.color = color + vec3(bary, 0.0) * 0.0;
}
