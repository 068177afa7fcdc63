#version 450
// Volumetric fog ray march through a 3D density texture with Henyey-Greenstein phase.
#extension GL_GOOGLE_include_directive : require
#include "../include/camera.glsl"

layout(set = 1, binding = 0) uniform sampler3D density;
layout(set = 1, binding = 1) uniform sampler2D sceneDepth;
layout(push_constant) uniform Fog {
    vec4 boundsMin;
    vec4 boundsMax;
    vec4 lightDir;
    vec4 lightColor;
    float g;
    int steps;
} fog;

layout(location = 0) in vec2 inUV;
layout(location = 0) out vec4 outColor;

float phaseHG(float cosTheta, float g) {
    float g2 = g * g;
    return (1.0 - g2) / (4.0 * 3.14159265 * pow(1.0 + g2 - 2.0 * g * cosTheta, 1.5));
}

void main() {
    vec4 far = camera.invViewProj * vec4(inUV * 2.0 - 1.0, 1.0, 1.0);
    vec3 dir = normalize(far.xyz / far.w - camera.position.xyz);
    float depth = texture(sceneDepth, inUV).r;
    vec4 hit = camera.invViewProj * vec4(inUV * 2.0 - 1.0, depth, 1.0);
    float maxT = distance(hit.xyz / hit.w, camera.position.xyz);
    float stepLen = maxT / float(fog.steps);
    float transmittance = 1.0;
    vec3 scattered = vec3(0.0);
    float phase = phaseHG(dot(dir, -fog.lightDir.xyz), fog.g);
    for (int i = 0; i < fog.steps; ++i) {
        vec3 p = camera.position.xyz + dir * (float(i) + 0.5) * stepLen;
        vec3 uvw = (p - fog.boundsMin.xyz) / (fog.boundsMax.xyz - fog.boundsMin.xyz);
        float sigma = texture(density, uvw).r;
        scattered += transmittance * sigma * stepLen * phase * fog.lightColor.rgb;
        transmittance *= exp(-sigma * stepLen);
        if (transmittance < 0.01) break;
    }
    outColor = vec4(scattered, transmittance);
}
