#version 450
// Camera-facing particle quads expanded from a particle storage buffer: 6 vertices per
// particle, no vertex buffers.
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

struct Particle {
    vec3 position;
    float size;
    vec4 color;
    vec3 velocity;
    float age;
};

layout(set = 1, binding = 0, std430) readonly buffer Particles { Particle particles[]; };

layout(location = 0) out vec2 outUV;
layout(location = 1) out vec4 outColor;

const vec2 corners[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1),
                               vec2(-1, -1), vec2(1, 1), vec2(-1, 1));

void main() {
    Particle p = particles[gl_VertexIndex / 6];
    vec2 corner = corners[gl_VertexIndex % 6];
    vec3 right = vec3(camera.view[0][0], camera.view[1][0], camera.view[2][0]);
    vec3 up = vec3(camera.view[0][1], camera.view[1][1], camera.view[2][1]);
    vec3 world = p.position + (right * corner.x + up * corner.y) * p.size;
    outUV = corner * 0.5 + 0.5;
    outColor = vec4(p.color.rgb, p.color.a * clamp(1.0 - p.age, 0.0, 1.0));
    gl_Position = camera.viewProj * vec4(world, 1.0);
}
