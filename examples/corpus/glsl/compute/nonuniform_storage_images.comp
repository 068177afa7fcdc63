#version 450
// Descriptor indexing on storage resources: runtime arrays of storage images, storage
// buffers and uniform texel buffers indexed non-uniformly (StorageImageArrayNonUniformIndexing,
// StorageBufferArrayNonUniformIndexing, UniformTexelBufferArrayDynamicIndexing, ...).
#extension GL_EXT_nonuniform_qualifier : require

layout(local_size_x = 64) in;

layout(set = 0, binding = 0, rgba8) uniform image2D images[];
layout(set = 1, binding = 0, std430) buffer Buffers { vec4 v[]; } buffers[];
layout(set = 2, binding = 0) uniform samplerBuffer texelBuffers[8];
layout(set = 3, binding = 0, std430) readonly buffer Jobs { uvec4 jobs[]; };

void main() {
    uvec4 job = jobs[gl_GlobalInvocationID.x];      // image, buffer, texel buffer, element
    ivec2 p = ivec2(job.w & 0xFFFFu, job.w >> 16);
    vec4 texel = texelFetch(texelBuffers[nonuniformEXT(job.z & 7u)], int(job.w & 1023u));
    vec4 old = imageLoad(images[nonuniformEXT(job.x)], p);
    imageStore(images[nonuniformEXT(job.x)], p, old + texel);
    buffers[nonuniformEXT(job.y)].v[job.w & 255u] += old;
}
