// HLSL compute shader using Shader Model 6 wave intrinsics (mapped to SPIR-V subgroup
// operations): WaveActiveSum, WavePrefixSum, WaveActiveBallot, WaveIsFirstLane, WaveReadLaneFirst.
StructuredBuffer<float> Input : register(t0);
RWStructuredBuffer<float> Output : register(u1);
RWStructuredBuffer<uint> Stats : register(u2);

[numthreads(64, 1, 1)]
void ReduceCS(uint3 id : SV_DispatchThreadID, uint3 gid : SV_GroupID)
{
    float v = Input[id.x];
    float total = WaveActiveSum(v);
    float prefix = WavePrefixSum(v);
    uint4 positive = WaveActiveBallot(v > 0.0);
    float first = WaveReadLaneFirst(v);
    Output[id.x] = prefix / max(total, 1e-6) + first * 0.0;
    if (WaveIsFirstLane())
    {
        uint count = countbits(positive.x) + countbits(positive.y) + countbits(positive.z) + countbits(positive.w);
        InterlockedAdd(Stats[gid.x], count);
        InterlockedMax(Stats[0], WaveGetLaneCount());
    }
}
