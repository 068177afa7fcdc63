#version 460
// Vertex fetch through device addresses (PhysicalStorageBuffer64): the push constant holds
// a pointer to the mesh's vertex array, no descriptors at all.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_scalar_block_layout : require

struct Vertex {
    vec3 position;
    vec3 normal;
    vec2 uv;
};

layout(buffer_reference, scalar, buffer_reference_align = 4) readonly buffer VertexBuffer {
    Vertex v[];
};
layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Transforms {
    mat4 modelViewProj;
    mat4 normalMatrix;
};

layout(push_constant) uniform Push {
    VertexBuffer vertices;
    Transforms transforms;
} push;

layout(location = 0) out vec3 outNormal;
layout(location = 1) out vec2 outUV;

void main() {
    Vertex vtx = push.vertices.v[gl_VertexIndex];
    outNormal = mat3(push.transforms.normalMatrix) * vtx.normal;
    outUV = vtx.uv;
    gl_Position = push.transforms.modelViewProj * vec4(vtx.position, 1.0);
}
