#version 460
// Workgroup size from specialization constants (LocalSizeId in SPIR-V 1.6) and spec-constant ops.
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z = 1) in;
layout(constant_id = 2) const uint TILE = 16u;
layout(constant_id = 3) const bool USE_FAST_PATH = true;
const uint HALF_TILE = TILE / 2u;
layout(set = 0, binding = 0, std430) buffer Data { float v[]; } data;
void main() {
  uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * TILE;
  data.v[i] = USE_FAST_PATH ? data.v[i] * float(HALF_TILE) : sqrt(data.v[i]);
}
