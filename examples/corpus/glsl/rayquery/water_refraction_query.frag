#version 460
// Water surface: refracted ray traced with a ray query to find the lake-bed hit, reading
// the committed instance's world-to-object transform and object-space hit for caustics.
#extension GL_EXT_ray_query : require

layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1) uniform sampler2D causticsTex;
layout(push_constant) uniform Water { vec4 cameraPos; vec4 deepColor; float ior; } water;

layout(location = 0) in vec3 inWorld;
layout(location = 1) in vec3 inNormal;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 v = normalize(inWorld - water.cameraPos.xyz);
    vec3 n = normalize(inNormal);
    vec3 r = refract(v, n, 1.0 / water.ior);
    rayQueryEXT q;
    rayQueryInitializeEXT(q, scene, gl_RayFlagsOpaqueEXT, 0xFE, inWorld, 1e-3, r, 100.0);
    while (rayQueryProceedEXT(q)) {}
    vec3 color = water.deepColor.rgb;
    if (rayQueryGetIntersectionTypeEXT(q, true) == gl_RayQueryCommittedIntersectionTriangleEXT) {
        float t = rayQueryGetIntersectionTEXT(q, true);
        mat4x3 w2o = rayQueryGetIntersectionWorldToObjectEXT(q, true);
        vec3 objectHit = w2o * vec4(inWorld + r * t, 1.0);
        vec3 caustic = texture(causticsTex, objectHit.xz * 0.25).rgb;
        color = mix(caustic, water.deepColor.rgb, clamp(t / 10.0, 0.0, 1.0));
    }
    float fresnel = pow(1.0 - max(dot(-v, n), 0.0), 5.0);
    outColor = vec4(mix(color, vec3(0.7, 0.8, 0.9), fresnel), 1.0);
}
