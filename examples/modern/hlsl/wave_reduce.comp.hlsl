// HLSL wave intrinsics: reductions, prefix sums and lane reads (SM 6.0 wave ops).
RWStructuredBuffer<float> Values : register(u0);
RWStructuredBuffer<uint> Counts : register(u1);

[numthreads(64, 1, 1)]
void CSMain(uint3 id : SV_DispatchThreadID) {
  float v = Values[id.x];
  float total = WaveActiveSum(v);
  float prefix = WavePrefixSum(v);
  uint active = WaveActiveCountBits(v > 0.0);
  float first = WaveReadLaneFirst(v);
  float neighbour = WaveReadLaneAt(v, (WaveGetLaneIndex() + 1) % WaveGetLaneCount());
  if (WaveIsFirstLane()) {
    Counts[id.x / WaveGetLaneCount()] = active;
  }
  Values[id.x] = total - prefix + first + neighbour + WaveActiveMax(v);
}
