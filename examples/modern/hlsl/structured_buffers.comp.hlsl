// HLSL structured and byte-address buffers with groupshared memory and barriers.
struct Particle {
  float3 position;
  float3 velocity;
};
StructuredBuffer<Particle> Input : register(t0);
RWStructuredBuffer<Particle> Output : register(u0);
RWByteAddressBuffer Stats : register(u1);
groupshared float3 Centre[64];

cbuffer Params : register(b0) {
  float DeltaTime;
  uint Count;
};

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  Particle p = Input[id.x];
  Centre[gi] = p.position;
  GroupMemoryBarrierWithGroupSync();
  float3 pull = Centre[(gi + 1) % 64] - p.position;
  p.velocity += pull * DeltaTime;
  p.position += p.velocity * DeltaTime;
  Output[id.x] = p;
  uint ignored;
  Stats.InterlockedAdd(0, 1u, ignored);
}
