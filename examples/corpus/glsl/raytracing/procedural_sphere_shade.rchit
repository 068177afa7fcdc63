#version 460
// Closest hit for the procedural spheres: reads the intersection shader's hit attribute
// and the hit kind (front or back root), checker shading by instance id.
#extension GL_EXT_ray_tracing : require

hitAttributeEXT vec3 hitNormal;
layout(location = 0) rayPayloadInEXT vec3 color;

void main() {
    vec3 n = normalize(vec3(gl_ObjectToWorldEXT * vec4(hitNormal, 0.0)));
    float checker = float((gl_InstanceID + gl_PrimitiveID) & 1);
    vec3 base = mix(vec3(0.8, 0.2, 0.2), vec3(0.9), checker);
    float inside = gl_HitKindEXT == 1u ? 0.5 : 1.0;
    color = base * (0.2 + 0.8 * max(dot(n, normalize(vec3(1, 2, 1))), 0.0)) * inside;
}
