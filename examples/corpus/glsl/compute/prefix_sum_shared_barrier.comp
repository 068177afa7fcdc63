#version 450
// Work-efficient (Blelloch) exclusive scan of 512 elements per workgroup in shared memory,
// with barrier() between the up-sweep and down-sweep phases.
layout(local_size_x = 256) in;

layout(set = 0, binding = 0, std430) readonly buffer Input { uint inputData[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Output { uint outputData[]; };
layout(set = 0, binding = 2, std430) writeonly buffer BlockSums { uint blockSums[]; };

shared uint temp[512];

void main() {
    uint tid = gl_LocalInvocationID.x;
    uint base = gl_WorkGroupID.x * 512u;
    temp[2u * tid] = inputData[base + 2u * tid];
    temp[2u * tid + 1u] = inputData[base + 2u * tid + 1u];

    uint offset = 1u;
    for (uint d = 256u; d > 0u; d >>= 1) {
        barrier();
        if (tid < d) {
            uint ai = offset * (2u * tid + 1u) - 1u;
            uint bi = offset * (2u * tid + 2u) - 1u;
            temp[bi] += temp[ai];
        }
        offset <<= 1;
    }
    if (tid == 0u) {
        blockSums[gl_WorkGroupID.x] = temp[511];
        temp[511] = 0u;
    }
    for (uint d = 1u; d < 512u; d <<= 1) {
        offset >>= 1;
        barrier();
        if (tid < d) {
            uint ai = offset * (2u * tid + 1u) - 1u;
            uint bi = offset * (2u * tid + 2u) - 1u;
            uint t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    barrier();
    outputData[base + 2u * tid] = temp[2u * tid];
    outputData[base + 2u * tid + 1u] = temp[2u * tid + 1u];
}
