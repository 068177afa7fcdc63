#version 450
// Screen-space ambient occlusion: hemisphere kernel in an std140 uniform array, rotation
// noise texture, depth reconstruction from the depth buffer.
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(constant_id = 0) const int KERNEL_SIZE = 32;
layout(constant_id = 1) const float RADIUS = 0.5;

layout(set = 1, binding = 0) uniform sampler2D depthTex;
layout(set = 1, binding = 1) uniform sampler2D normalTex;
layout(set = 1, binding = 2) uniform sampler2D noiseTex;
layout(set = 1, binding = 3, std140) uniform Kernel { vec4 samples[64]; } kernel;

layout(location = 0) in vec2 inUV;
layout(location = 0) out float outOcclusion;

vec3 viewPosition(vec2 uv) {
    float d = textureLod(depthTex, uv, 0.0).r;
    vec4 p = inverse(camera.proj) * vec4(uv * 2.0 - 1.0, d, 1.0);
    return p.xyz / p.w;
}

void main() {
    vec3 P = viewPosition(inUV);
    vec3 N = normalize(texture(normalTex, inUV).xyz * 2.0 - 1.0);
    vec2 noiseScale = camera.viewport.xy / 4.0;
    vec3 r = normalize(vec3(texture(noiseTex, inUV * noiseScale).xy * 2.0 - 1.0, 0.0));
    vec3 T = normalize(r - N * dot(r, N));
    mat3 TBN = mat3(T, cross(N, T), N);
    float occlusion = 0.0;
    for (int i = 0; i < KERNEL_SIZE; ++i) {
        vec3 s = P + TBN * kernel.samples[i].xyz * RADIUS;
        vec4 offset = camera.proj * vec4(s, 1.0);
        offset.xy = offset.xy / offset.w * 0.5 + 0.5;
        float sceneZ = viewPosition(offset.xy).z;
        float range = smoothstep(0.0, 1.0, RADIUS / abs(P.z - sceneZ));
        occlusion += (sceneZ >= s.z + 0.025 ? 1.0 : 0.0) * range;
    }
    outOcclusion = 1.0 - occlusion / float(KERNEL_SIZE);
}
