#version 460
// Forward-pass hard shadows with an inline ray query in the fragment shader
// (GL_EXT_ray_query: RayQueryKHR, rayQueryInitializeEXT/ProceedEXT/GetIntersectionTypeEXT).
#extension GL_EXT_ray_query : require

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1, std140) uniform Light { vec4 direction; vec4 color; } light;

layout(location = 0) in vec3 inWorld;
layout(location = 1) in vec3 inNormal;
layout(location = 2) in vec3 inAlbedo;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 n = normalize(inNormal);
    vec3 l = -normalize(light.direction.xyz);
    float ndl = max(dot(n, l), 0.0);
    float visibility = 1.0;
    if (ndl > 0.0) {
        rayQueryEXT rq;
        rayQueryInitializeEXT(rq, scene, gl_RayFlagsTerminateOnFirstHitEXT | gl_RayFlagsOpaqueEXT,
                              0xFF, inWorld + n * 1e-3, 0.0, l, 1e4);
        while (rayQueryProceedEXT(rq)) {
        }
        if (rayQueryGetIntersectionTypeEXT(rq, true) != gl_RayQueryCommittedIntersectionNoneEXT) {
            visibility = 0.0;
        }
    }
    outColor = vec4(inAlbedo * (0.1 + ndl * visibility) * light.color.rgb, 1.0);
}
