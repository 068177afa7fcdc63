#version 460
// Miss shader sampling an equirectangular environment map with gl_WorldRayDirectionEXT.
#extension GL_EXT_ray_tracing : require

layout(set = 0, binding = 8) uniform sampler2D environment;
layout(location = 0) rayPayloadInEXT vec3 color;

void main() {
    vec3 d = normalize(gl_WorldRayDirectionEXT);
    vec2 uv = vec2(atan(d.z, d.x) * 0.15915494 + 0.5, acos(clamp(d.y, -1.0, 1.0)) * 0.31830989);
    color = textureLod(environment, uv, 0.0).rgb;
}
