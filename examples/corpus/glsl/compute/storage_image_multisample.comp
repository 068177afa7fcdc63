#version 450
// Multisampled storage images (StorageImageMultisample): per-sample read of an MSAA image
// and write of a resolved and a per-sample-edge mask image.
layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0, rgba16f) uniform readonly image2DMS msaaColor;
layout(set = 0, binding = 1, rgba16f) uniform writeonly image2D resolved;
layout(set = 0, binding = 2, r8ui) uniform writeonly uimage2DMS edgeMask;
layout(constant_id = 0) const int SAMPLES = 4;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, imageSize(msaaColor)))) return;
    vec4 first = imageLoad(msaaColor, p, 0);
    vec4 sum = first;
    for (int s = 1; s < SAMPLES; ++s) {
        vec4 c = imageLoad(msaaColor, p, s);
        sum += c;
        imageStore(edgeMask, p, s, uvec4(distance(c, first) > 0.01 ? 1u : 0u));
    }
    imageStore(edgeMask, p, 0, uvec4(0u));
    imageStore(resolved, p, sum / float(SAMPLES));
}
