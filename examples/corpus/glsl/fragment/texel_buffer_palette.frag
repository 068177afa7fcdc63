#version 450
// Palette and per-instance data through uniform texel buffers (samplerBuffer,
// usamplerBuffer: SampledBuffer) with texelFetch and textureSize.
layout(set = 0, binding = 0) uniform samplerBuffer palette;
layout(set = 0, binding = 1) uniform usamplerBuffer instanceFlags;
layout(set = 0, binding = 2) uniform usampler2D indexedImage;

layout(location = 0) in vec2 inUV;
layout(location = 1) flat in int inInstance;
layout(location = 0) out vec4 outColor;

void main() {
    uint paletteIndex = texture(indexedImage, inUV).r;
    int size = textureSize(palette);
    vec4 c = texelFetch(palette, int(paletteIndex) % size);
    uint flags = texelFetch(instanceFlags, inInstance).r;
    if ((flags & 1u) != 0u) c.rgb = vec3(1.0) - c.rgb;
    outColor = c;
}
