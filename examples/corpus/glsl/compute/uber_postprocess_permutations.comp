#version 450
// Post-processing compute kernel compiled in permutations (see manifest.tsv):
//   BLOOM  add the bloom texture      VIGNETTE  darken corners
//   GRAIN  film grain                 LUT       3D color-grading lookup
#extension GL_GOOGLE_include_directive : require
#include "../include/color.glsl"
#include "../include/random.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform sampler2D hdrInput;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D ldrOutput;
#ifdef BLOOM
layout(set = 0, binding = 2) uniform sampler2D bloomTex;
#endif
#ifdef LUT
layout(set = 0, binding = 3) uniform sampler3D gradingLut;
#endif

layout(push_constant) uniform Post {
    vec2 invSize;
    float exposure;
    float bloomStrength;
    float vignette;
    float grain;
    uint frame;
} post;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, imageSize(ldrOutput)))) return;
    vec2 uv = (vec2(p) + 0.5) * post.invSize;
    vec3 c = textureLod(hdrInput, uv, 0.0).rgb * post.exposure;
#ifdef BLOOM
    c += textureLod(bloomTex, uv, 0.0).rgb * post.bloomStrength;
#endif
    c = tonemapACES(c);
#ifdef VIGNETTE
    vec2 d = uv - 0.5;
    c *= clamp(1.0 - dot(d, d) * post.vignette, 0.0, 1.0);
#endif
#ifdef LUT
    c = textureLod(gradingLut, c * (31.0 / 32.0) + 0.5 / 32.0, 0.0).rgb;
#endif
#ifdef GRAIN
    uint seed = initSeed(uvec2(p), post.frame);
    c += (nextFloat(seed) - 0.5) * post.grain;
#endif
    imageStore(ldrOutput, p, vec4(linearToSrgb(c), 1.0));
}
