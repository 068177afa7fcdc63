#version 450
// Separable Gaussian blur pass over rgba16f storage images; workgroup size from
// specialization constants (local_size_x_id / local_size_y_id), tile cached in shared memory.
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(constant_id = 2) const int RADIUS = 8;
layout(constant_id = 3) const bool HORIZONTAL = true;

layout(set = 0, binding = 0, rgba16f) uniform readonly image2D srcImage;
layout(set = 0, binding = 1, rgba16f) uniform writeonly image2D dstImage;
layout(set = 0, binding = 2, std140) uniform Weights { vec4 weights[16]; };

shared vec4 tile[256 + 2 * 16];

void main() {
    ivec2 size = imageSize(srcImage);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 axis = HORIZONTAL ? ivec2(1, 0) : ivec2(0, 1);
    int lane = int(HORIZONTAL ? gl_LocalInvocationID.x : gl_LocalInvocationID.y);
    int groupLen = int(HORIZONTAL ? gl_WorkGroupSize.x : gl_WorkGroupSize.y);
    tile[lane + RADIUS] = imageLoad(srcImage, clamp(p, ivec2(0), size - 1));
    if (lane < RADIUS) {
        tile[lane] = imageLoad(srcImage, clamp(p - axis * RADIUS, ivec2(0), size - 1));
        tile[lane + groupLen + RADIUS] = imageLoad(srcImage, clamp(p + axis * groupLen, ivec2(0), size - 1));
    }
    memoryBarrierShared();
    barrier();
    if (any(greaterThanEqual(p, size))) return;
    vec4 sum = tile[lane + RADIUS] * weights[0].x;
    for (int i = 1; i <= RADIUS; ++i) {
        float w = weights[i / 4][i % 4];
        sum += (tile[lane + RADIUS - i] + tile[lane + RADIUS + i]) * w;
    }
    imageStore(dstImage, p, sum);
}
