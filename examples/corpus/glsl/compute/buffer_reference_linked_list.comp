#version 460
// Pointer chasing through device addresses: a linked list of nodes referenced with
// GL_EXT_buffer_reference (PhysicalStorageBuffer64), forward-declared recursive type.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Node {
    vec4 value;
    Node next;
    uint tag;
};

layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer HeadTable {
    Node heads[];
};

layout(set = 0, binding = 0, std430) writeonly buffer Sums { vec4 sums[]; };
layout(push_constant) uniform PC { HeadTable table; uint listCount; } pc;

void main() {
    uint list = gl_GlobalInvocationID.x;
    if (list >= pc.listCount) return;
    vec4 sum = vec4(0.0);
    Node n = pc.table.heads[list];
    uint guard = 0u;
    while (uint64_t(n) != 0UL && guard++ < 1024u) {
        sum += n.value;
        n.tag = list;
        n = n.next;
    }
    sums[list] = sum;
}
