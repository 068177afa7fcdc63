#version 450
// Tree reduction sized by gl_WorkGroupSize with specialization-constant workgroup size and a
// fixed maximum shared array (the WorkgroupSize built-in as a spec constant composite).
layout(local_size_x_id = 0, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0, std430) readonly buffer In { float inData[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Out { float outData[]; };

shared float partial[1024];

void main() {
    uint lid = gl_LocalInvocationID.x;
    partial[lid] = inData[gl_GlobalInvocationID.x];
    barrier();
    for (uint stride = gl_WorkGroupSize.x / 2u; stride > 0u; stride >>= 1) {
        if (lid < stride) partial[lid] += partial[lid + stride];
        barrier();
    }
    if (lid == 0u) outData[gl_WorkGroupID.x] = partial[0];
}
