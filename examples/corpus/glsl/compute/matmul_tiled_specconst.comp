#version 450
// Tiled SGEMM C = alpha*A*B + beta*C, tile size from specialization constants, the tiles
// double-buffered in shared memory.
layout(constant_id = 0) const uint TILE = 16;
layout(local_size_x_id = 0, local_size_y_id = 0) in;

layout(set = 0, binding = 0, std430) readonly buffer A { float a[]; };
layout(set = 0, binding = 1, std430) readonly buffer B { float b[]; };
layout(set = 0, binding = 2, std430) buffer C { float c[]; };
layout(push_constant) uniform Dims { uint M; uint N; uint K; float alpha; float beta; } dims;

shared float tileA[TILE][TILE];
shared float tileB[TILE][TILE];

void main() {
    uint row = gl_GlobalInvocationID.y;
    uint col = gl_GlobalInvocationID.x;
    uint ly = gl_LocalInvocationID.y, lx = gl_LocalInvocationID.x;
    float acc = 0.0;
    for (uint t = 0u; t < (dims.K + TILE - 1u) / TILE; ++t) {
        uint ak = t * TILE + lx;
        uint bk = t * TILE + ly;
        tileA[ly][lx] = (row < dims.M && ak < dims.K) ? a[row * dims.K + ak] : 0.0;
        tileB[ly][lx] = (bk < dims.K && col < dims.N) ? b[bk * dims.N + col] : 0.0;
        barrier();
        for (uint k = 0u; k < TILE; ++k) {
            acc = fma(tileA[ly][k], tileB[k][lx], acc);
        }
        barrier();
    }
    if (row < dims.M && col < dims.N) {
        uint idx = row * dims.N + col;
        c[idx] = dims.alpha * acc + dims.beta * c[idx];
    }
}
