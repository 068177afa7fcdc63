#version 450
// Matches interpolation_qualifiers.vert: flat integer inputs, noperspective, centroid and
// per-sample interpolation, plus interpolateAt* functions (InterpolationFunction).
layout(location = 0) smooth in vec3 inWorld;
layout(location = 1) flat in uint inMaterial;
layout(location = 2) noperspective in vec2 inScreen;
layout(location = 3) centroid in vec2 inUV;
layout(location = 4) sample in vec2 inSampleUV;
layout(location = 5) flat in ivec2 inTile;

layout(set = 0, binding = 0) uniform sampler2DArray materials;

layout(location = 0) out vec4 outColor;

void main() {
    vec2 atCentroid = interpolateAtCentroid(inScreen);
    vec2 atOffset = interpolateAtOffset(inScreen, vec2(0.25, -0.25));
    vec2 atSample = interpolateAtSample(inScreen, 0);
    vec4 albedo = texture(materials, vec3(inUV, float(inMaterial)));
    float checker = float((inTile.x + inTile.y) & 1);
    float aa = length(atCentroid - atOffset) + length(atSample - inScreen);
    outColor = vec4(albedo.rgb * mix(0.8, 1.0, checker) + fract(inSampleUV.x) * 0.01 + aa * 0.0, albedo.a);
    outColor.rgb += fract(inWorld) * 0.001;
}
