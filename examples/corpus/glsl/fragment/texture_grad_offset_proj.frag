#version 450
// Explicit-gradient and projective sampling variants: textureGradOffset on a shadow array,
// textureProjGrad, textureProjLod and textureLod on a cube shadow map.
layout(set = 0, binding = 0) uniform sampler2DArrayShadow cascadeShadows;
layout(set = 0, binding = 1) uniform sampler2D decal;
layout(set = 0, binding = 2) uniform samplerCubeShadow cubeShadow;
layout(set = 0, binding = 3) uniform sampler3D noiseVolume;

layout(location = 0) in vec4 inShadowCoord;   // xy uv, z layer, w depth
layout(location = 1) in vec4 inProjCoord;
layout(location = 2) in vec3 inCubeDir;
layout(location = 0) out vec4 outColor;

void main() {
    vec2 dx = dFdx(inShadowCoord.xy), dy = dFdy(inShadowCoord.xy);
    float s0 = textureGradOffset(cascadeShadows, inShadowCoord, dx, dy, ivec2(1, 0));
    float s1 = textureGrad(cascadeShadows, inShadowCoord, dx, dy);
    vec4 d0 = textureProjGrad(decal, inProjCoord, dFdx(inProjCoord.xy), dFdy(inProjCoord.xy));
    vec4 d1 = textureProjLod(decal, inProjCoord.xyw, 2.0);
    float cs = texture(cubeShadow, vec4(inCubeDir, 0.5));
    float n = textureGradOffset(noiseVolume, inProjCoord.xyz, vec3(0.01), vec3(0.01), ivec3(1, 1, 1)).r;
    outColor = vec4(d0.rgb * d1.a * (s0 + s1) * 0.5 * cs, n);
}
