// Cook-Torrance BRDF terms (GGX distribution, Smith visibility, Schlick Fresnel).
#ifndef BRDF_GLSL
#define BRDF_GLSL

const float PI = 3.14159265358979;

float distributionGGX(float NdotH, float roughness) {
    float a = roughness * roughness;
    float a2 = a * a;
    float d = NdotH * NdotH * (a2 - 1.0) + 1.0;
    return a2 / max(PI * d * d, 1e-6);
}

float visibilitySmithGGX(float NdotV, float NdotL, float roughness) {
    float a = roughness * roughness;
    float gv = NdotL * sqrt(NdotV * NdotV * (1.0 - a) + a);
    float gl = NdotV * sqrt(NdotL * NdotL * (1.0 - a) + a);
    return 0.5 / max(gv + gl, 1e-6);
}

vec3 fresnelSchlick(float cosTheta, vec3 f0) {
    return f0 + (1.0 - f0) * pow(clamp(1.0 - cosTheta, 0.0, 1.0), 5.0);
}

vec3 evaluateBRDF(vec3 N, vec3 V, vec3 L, vec3 albedo, float metallic, float roughness) {
    vec3 H = normalize(V + L);
    float NdotL = max(dot(N, L), 0.0);
    float NdotV = max(dot(N, V), 1e-4);
    float NdotH = max(dot(N, H), 0.0);
    vec3 f0 = mix(vec3(0.04), albedo, metallic);
    vec3 F = fresnelSchlick(max(dot(H, V), 0.0), f0);
    float D = distributionGGX(NdotH, roughness);
    float Vis = visibilitySmithGGX(NdotV, NdotL, roughness);
    vec3 kd = (1.0 - F) * (1.0 - metallic);
    return (kd * albedo / PI + D * Vis * F) * NdotL;
}

#endif
