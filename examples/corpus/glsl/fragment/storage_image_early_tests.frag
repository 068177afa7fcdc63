#version 450
// Screen-space decal accumulation: early fragment tests, storage image reads and writes of
// several formats in a fragment shader (FragmentStoresAndAtomics at device level).
layout(early_fragment_tests) in;

layout(set = 0, binding = 0, rgba8) uniform readonly image2D decalAlbedo;
layout(set = 0, binding = 1, rg16f) uniform writeonly image2D velocityOut;
layout(set = 0, binding = 2, r32f) uniform image2D coverage;

layout(location = 0) in vec3 inDecalUVW;
layout(location = 1) in vec2 inVelocity;
layout(location = 0) out vec4 outColor;

void main() {
    if (any(greaterThan(abs(inDecalUVW - 0.5), vec3(0.5)))) discard;
    ivec2 size = imageSize(decalAlbedo);
    vec4 decal = imageLoad(decalAlbedo, ivec2(inDecalUVW.xy * vec2(size)));
    ivec2 p = ivec2(gl_FragCoord.xy);
    float cov = imageLoad(coverage, p).r;
    imageStore(coverage, p, vec4(cov + decal.a));
    imageStore(velocityOut, p, vec4(inVelocity, 0.0, 0.0));
    outColor = decal;
}
