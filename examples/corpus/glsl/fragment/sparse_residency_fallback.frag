#version 450
// Sparse (partially resident) texture with residency feedback and a min-LOD clamp fallback
// (SparseResidency, MinLod).
#extension GL_ARB_sparse_texture2 : require
#extension GL_ARB_sparse_texture_clamp : require

layout(set = 0, binding = 0) uniform sampler2D virtualTexture;
layout(set = 0, binding = 1) uniform sampler2D fallbackTexture;
layout(set = 0, binding = 2, r32ui) uniform uimage2D feedback;

layout(location = 0) in vec2 inUV;
layout(location = 0) out vec4 outColor;

void main() {
    vec4 c;
    int code = sparseTextureARB(virtualTexture, inUV, c);
    if (!sparseTexelsResidentARB(code)) {
        c = textureClampARB(virtualTexture, inUV, 4.0);
        if (c.a == 0.0) c = texture(fallbackTexture, inUV);
        ivec2 tile = ivec2(inUV * vec2(imageSize(feedback)));
        imageAtomicMax(feedback, tile, 1u);
    }
    outColor = c;
}
