#version 450
// Format-less storage images (StorageImageReadWithoutFormat, StorageImageWriteWithoutFormat):
// one generic copy kernel for any color format.
#extension GL_EXT_shader_image_load_formatted : require

layout(local_size_x = 16, local_size_y = 16) in;

layout(set = 0, binding = 0) uniform readonly image2D src;
layout(set = 0, binding = 1) uniform writeonly image2D dst;
layout(push_constant) uniform PC { ivec2 srcOffset; ivec2 dstOffset; ivec2 extent; } pc;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, pc.extent))) return;
    imageStore(dst, p + pc.dstOffset, imageLoad(src, p + pc.srcOffset));
}
