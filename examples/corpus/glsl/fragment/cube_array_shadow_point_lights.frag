#version 450
// Point-light shadows from a cube map array with depth comparison (samplerCubeArrayShadow:
// SampledCubeArray), one array layer per light.
layout(set = 0, binding = 0) uniform samplerCubeArrayShadow pointShadows;
layout(set = 0, binding = 1) uniform samplerCubeArray irradianceProbes;

struct PointLight { vec4 positionRange; vec4 color; };
layout(set = 0, binding = 2, std140) uniform Lights { PointLight lights[8]; int count; } lighting;

layout(location = 0) in vec3 inWorld;
layout(location = 1) in vec3 inNormal;
layout(location = 2) flat in int inProbe;
layout(location = 0) out vec4 outColor;

void main() {
    vec3 n = normalize(inNormal);
    vec3 c = texture(irradianceProbes, vec4(n, float(inProbe))).rgb;
    for (int i = 0; i < lighting.count; ++i) {
        vec3 toLight = lighting.lights[i].positionRange.xyz - inWorld;
        float dist = length(toLight);
        float ref = dist / lighting.lights[i].positionRange.w;
        float lit = texture(pointShadows, vec4(-toLight, float(i)), ref - 0.005);
        c += lighting.lights[i].color.rgb * max(dot(n, toLight / dist), 0.0) * lit / (1.0 + dist * dist);
    }
    outColor = vec4(c, 1.0);
}
