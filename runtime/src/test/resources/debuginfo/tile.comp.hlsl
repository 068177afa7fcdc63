// A compute shader whose shared memory no device has: 20,000 floats and 4,096 uints.
groupshared float tile[20000];
groupshared uint counts[4096];
RWStructuredBuffer<float> values : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    tile[id.x] = values[id.x];
    counts[id.x & 4095] = id.x;
    GroupMemoryBarrierWithGroupSync();
    values[id.x] = tile[(id.x + 1) % 20000] + counts[id.x & 15];
}
