#version 460
// Cooperative matrix (GL_KHR_cooperative_matrix): a 16x16x16 tile multiply-add in float16 with a
// float32 accumulator, loaded from and stored to storage buffers.
#extension GL_KHR_cooperative_matrix : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
#extension GL_EXT_shader_16bit_storage : require
layout(local_size_x = 32) in;
layout(set = 0, binding = 0, std430) readonly buffer A { float16_t a[]; };
layout(set = 0, binding = 1, std430) readonly buffer B { float16_t b[]; };
layout(set = 0, binding = 2, std430) buffer C { float c[]; };
void main() {
  coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA> ma;
  coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB> mb;
  coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> mc;
  uint tile = gl_WorkGroupID.x * 256u;
  coopMatLoad(ma, a, tile, 16u, gl_CooperativeMatrixLayoutRowMajor);
  coopMatLoad(mb, b, tile, 16u, gl_CooperativeMatrixLayoutColumnMajor);
  coopMatLoad(mc, c, tile, 16u, gl_CooperativeMatrixLayoutRowMajor);
  mc = coopMatMulAdd(ma, mb, mc);
  coopMatStore(mc, c, tile, 16u, gl_CooperativeMatrixLayoutRowMajor);
}
