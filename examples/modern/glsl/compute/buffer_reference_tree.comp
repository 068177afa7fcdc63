#version 460
// Buffer device addresses: a tree walked through buffer_reference pointers.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Node {
  vec4 bounds;
  Node left;
  Node right;
  uint payload;
};
layout(push_constant) uniform Push { Node root; uint64_t outAddress; } pc;
layout(buffer_reference, std430) buffer Out { uint hits[]; };
layout(local_size_x = 64) in;
void main() {
  Node n = pc.root;
  float x = float(gl_GlobalInvocationID.x);
  for (int depth = 0; depth < 16 && uint64_t(n) != 0ul; ++depth) {
    n = x < n.bounds.x ? n.left : n.right;
  }
  Out o = Out(pc.outAddress);
  o.hits[gl_GlobalInvocationID.x] = uint64_t(n) != 0ul ? n.payload : 0u;
}
