// HLSL compute shader (entry point main): StructuredBuffer, RWStructuredBuffer,
// RWByteAddressBuffer with InterlockedAdd, an append-style compaction.
struct Light
{
    float3 Position;
    float Radius;
    float3 Color;
    uint Flags;
};

StructuredBuffer<Light> Lights : register(t0);
RWStructuredBuffer<uint> VisibleLights : register(u1);
RWByteAddressBuffer Counters : register(u2);

cbuffer Cluster : register(b3)
{
    float3 ClusterMin;
    uint LightCount;
    float3 ClusterMax;
    uint MaxVisible;
};

bool SphereAABB(float3 c, float r)
{
    float3 q = clamp(c, ClusterMin, ClusterMax);
    float3 d = c - q;
    return dot(d, d) <= r * r;
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    if (id.x >= LightCount) return;
    Light l = Lights[id.x];
    if ((l.Flags & 1u) != 0 && SphereAABB(l.Position, l.Radius))
    {
        uint slot;
        Counters.InterlockedAdd(0, 1u, slot);
        if (slot < MaxVisible) VisibleLights[slot] = id.x;
        uint bytes = Counters.Load(4);
        Counters.Store(4, max(bytes, (slot + 1) * 4));
    }
}
