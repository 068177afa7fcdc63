#version 450
// Texture arrays and image queries: textureGrad, textureSize, textureQueryLod and
// textureQueryLevels (ImageQuery), texelFetchOffset and textureLodOffset.
layout(set = 0, binding = 0) uniform sampler2DArray atlas;
layout(set = 0, binding = 1) uniform sampler3D volume;
layout(set = 0, binding = 2) uniform isampler2D ids;

layout(location = 0) in vec2 inUV;
layout(location = 1) flat in int inLayer;
layout(location = 0) out vec4 outColor;

void main() {
    vec2 dx = dFdx(inUV), dy = dFdy(inUV);
    vec4 a = textureGrad(atlas, vec3(inUV, float(inLayer)), dx, dy);
    ivec3 size = textureSize(atlas, 0);
    vec2 lod = textureQueryLod(atlas, inUV);
    int levels = textureQueryLevels(atlas);
    vec4 v = textureLodOffset(volume, vec3(inUV, 0.5), lod.x, ivec3(1, 0, -1));
    ivec4 id = texelFetchOffset(ids, ivec2(inUV * vec2(size.xy)), 0, ivec2(0, 1));
    float mipFade = lod.y / float(max(levels - 1, 1));
    outColor = vec4(a.rgb * (1.0 - mipFade) + v.rgb * 0.1, float(id.x & 255) / 255.0);
}
