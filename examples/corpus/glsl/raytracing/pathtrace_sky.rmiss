#version 460
// Path tracer miss: analytic sky gradient and sun, terminates the path.
#extension GL_EXT_ray_tracing : require

struct PathPayload {
    vec3 radiance;
    vec3 throughput;
    vec3 nextOrigin;
    vec3 nextDirection;
    uint seed;
    bool done;
};
layout(location = 0) rayPayloadInEXT PathPayload path;

layout(push_constant) uniform Sky { vec4 sunDirection; vec4 sunColor; vec4 horizon; vec4 zenith; } sky;

void main() {
    vec3 d = normalize(gl_WorldRayDirectionEXT);
    vec3 c = mix(sky.horizon.rgb, sky.zenith.rgb, clamp(d.y, 0.0, 1.0));
    c += sky.sunColor.rgb * pow(max(dot(d, sky.sunDirection.xyz), 0.0), 512.0);
    path.radiance += path.throughput * c;
    path.done = true;
}
