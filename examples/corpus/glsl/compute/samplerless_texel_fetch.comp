#version 450
// texelFetch and textureSize on textures without a sampler
// (GL_EXT_samplerless_texture_functions): sampled images read with OpImageFetch only.
#extension GL_EXT_samplerless_texture_functions : require

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform texture2D colorTex;
layout(set = 0, binding = 1) uniform texture2DMS msaaDepth;
layout(set = 0, binding = 2) uniform utextureBuffer lookup;
layout(set = 0, binding = 3, rgba8) uniform writeonly image2D dst;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = textureSize(colorTex, 0);
    if (any(greaterThanEqual(p, size))) return;
    vec4 c = texelFetch(colorTex, p, 0);
    float d = 0.0;
    int samples = textureSamples(msaaDepth);
    for (int s = 0; s < samples; ++s) d = max(d, texelFetch(msaaDepth, p, s).r);
    uint remap = texelFetch(lookup, int(c.r * 255.0)).r;
    imageStore(dst, p, vec4(unpackUnorm4x8(remap).rgb, d));
}
